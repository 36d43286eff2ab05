import { limits } from "@atendo/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { assertSize, classifyFile, type FileKind } from "../media/file-kind.js";

/** An uploaded file, checked, waiting under a temporary name. */
export interface Upload {
  tempPath: string;
  size: number;
  kind: FileKind;
  fileName: string;
}

export interface MultipartMessage {
  files: Upload[];
  body: string;
}

/**
 * Reads a multipart message: `medias` files (streamed to disk, never held in memory) and a
 * `body` field. Each file's type is read from its content and its size checked against its kind
 * (media 16 MB, documents 100 MB). On any refusal every temporary file is removed.
 */
export async function readMultipartMessage(ctx: AppContext, request: FastifyRequest): Promise<MultipartMessage> {
  const files: Upload[] = [];
  const temporary: string[] = [];
  let body = "";
  try {
    const parts = request.parts({
      limits: { fileSize: limits.documentBytes, files: limits.mediaFilesPerMessage, fields: 10, fieldSize: limits.messageBodyMax * 4 },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.fieldname === "body") body = String(part.value);
        continue;
      }
      if (part.fieldname !== "medias" && part.fieldname !== "medias[]") throw new AppError("ERR_MISSING_VALUES", 400, "Files go in the `medias` field.");
      const saved = await ctx.media.saveTemporary(part.file);
      temporary.push(saved.path);
      if (part.file.truncated) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
      const fileName = (part.filename || "file").slice(0, limits.fileNameMax);
      const kind = await classifyFile(saved.path, part.mimetype, fileName);
      assertSize(kind, saved.size);
      files.push({ tempPath: saved.path, size: saved.size, fileName, kind });
    }
    if (files.length === 0) throw new AppError("ERR_MISSING_VALUES", 400, "Send at least one file in `medias`.");
    if (body.length > limits.messageBodyMax) throw new AppError("ERR_MISSING_VALUES");
    return { files, body: body.trim() };
  } catch (error) {
    await Promise.all(temporary.map((path) => ctx.media.removeFile(path)));
    throw error;
  }
}

export async function discardUploads(ctx: AppContext, files: readonly Upload[]): Promise<void> {
  await Promise.all(files.map((file) => ctx.media.removeFile(file.tempPath)));
}
