import { errorCatalogue, limits } from "@atendo/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { readMultipartForm, type Upload } from "../media/multipart-form.js";

export { discardUploads, type Upload } from "../media/multipart-form.js";

export interface MultipartMessage {
  files: Upload[];
  body: string;
  /** Every text field as sent, `body` included (the public send API reads its others). */
  fields: Record<string, string>;
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
        ? new AppError("ERR_MISSING_VALUES", 400, `${errorCatalogue.ERR_MISSING_VALUES.en} body: at most ${limits.messageBodyMax} characters (${body.length} sent).`)
        : undefined;
  if (refusal) {
    await Promise.all(files.map((file) => ctx.media.removeFile(file.tempPath)));
    throw refusal;
  }
  return { files, body: body.trim(), fields };
}

/** What a stored file contributes to its message (ticket or internal chat). */
export interface FileDraft {
  body: string;
  mediaType: Upload["kind"]["mediaType"];
  mediaName: string;
  mimeType: string;
  fileName: string;
}

/**
 * Gives checked uploads their final unique names, one message each: the caption is the first
 * file's body, the others show their file name. Call once the sender's permission is checked.
 */
export async function keepUploads(ctx: AppContext, files: readonly Upload[], caption: string): Promise<FileDraft[]> {
  const drafts: FileDraft[] = [];
  for (const [index, file] of files.entries()) {
    const mediaName = await ctx.media.keepTemporary(file.tempPath, file.kind.extension);
    drafts.push({
      body: index === 0 && caption ? caption : file.fileName,
      mediaType: file.kind.mediaType,
      mediaName,
      mimeType: file.kind.mimeType,
      fileName: file.fileName,
    });
  }
  return drafts;
}
