import { limits } from "@atendo/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { readMultipartForm, type Upload } from "../media/multipart-form.js";

export { discardUploads, type Upload } from "../media/multipart-form.js";

export interface MultipartMessage {
  files: Upload[];
  body: string;
}

/**
 * Reads a multipart message: `medias` files (1–10, streamed to disk, checked by content and
 * size) and a `body` field, the first file's caption. On any refusal every temporary file is removed.
 */
export async function readMultipartMessage(ctx: AppContext, request: FastifyRequest): Promise<MultipartMessage> {
  const { files, fields } = await readMultipartForm(ctx, request, {
    fileFields: ["medias", "medias[]"],
    maxFiles: limits.mediaFilesPerMessage,
    fileFieldHint: "Files go in the `medias` field.",
  });
  const body = fields.body ?? "";
  const refusal =
    files.length === 0
      ? new AppError("ERR_MISSING_VALUES", 400, "Send at least one file in `medias`.")
      : body.length > limits.messageBodyMax
        ? new AppError("ERR_MISSING_VALUES")
        : undefined;
  if (refusal) {
    await Promise.all(files.map((file) => ctx.media.removeFile(file.tempPath)));
    throw refusal;
  }
  return { files, body: body.trim() };
}
