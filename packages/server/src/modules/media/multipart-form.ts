import { limits } from "@atendo/contracts";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { parseWith } from "../../core/route-kit.js";
import { assertSize, classifyFile, type FileKind } from "./file-kind.js";

/** An uploaded file, checked, waiting under a temporary name (the caller keeps it or discards it). */
export interface Upload {
  tempPath: string;
  size: number;
  kind: FileKind;
  /** As sent, or `file.<extension>` when the part had none. */
  fileName: string;
}

/**
 * An upload as a received message's file (an API channel's multipart call, the simulator):
 * handed on by its path, never read into memory (the shape of InboundMedia, channels/channel-driver.ts).
 */
export function uploadAsMessageFile(upload: Upload) {
  return { media: { path: upload.tempPath, mimeType: upload.kind.mimeType, fileName: upload.fileName }, mediaType: upload.kind.mediaType };
}

export interface MultipartForm {
  /** Text fields by name (a repeated name keeps its last value). */
  fields: Record<string, string>;
  files: Upload[];
}

export interface FormRules {
  /** The field names files may come in; a file in any other answers 400 with `fileFieldHint`. */
  fileFields: readonly string[];
  maxFiles: number;
  fileFieldHint: string;
}

/**
 * What a failure while reading becomes. The multipart plugin's own refusals (limits: 413) and
 * ours pass as they are (a full disk among them: the media store's 507 ERR_STORAGE_FULL); any
 * other problem of the disk on a live request stays a real error (500).
 * Anything else is the body's fault — no boundary, a malformed or truncated form, a client that
 * went away or a body given up by the deadline — and answers 400 ERR_INVALID_UPLOAD (when
 * the connection is still there to hear it), never a 500.
 */
function readingError(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) return error;
  const fromTheSystem = typeof code === "string" && /^E[A-Z]+$/.test(code) && code !== "ECONNRESET";
  if (fromTheSystem && !request.raw.aborted && !request.raw.destroyed) return error;
  return new AppError("ERR_INVALID_UPLOAD");
}

/**
 * Reads a multipart/form-data body: text fields, and files streamed to temporary files (never
 * held in memory). Each file's type is read from its content and its size checked against its
 * kind (media 16 MB, documents 100 MB). On any refusal or failure every temporary file is removed
 * before the error goes on. A body that stalls is ended by the body deadline (http/body-deadline.ts):
 * the stream then fails here and the same cleanup runs. A body that ends inside a file part (its
 * Content-Length all sent) leaves that part destroyed by the plugin, without an error; the media
 * store refuses such a stream (docs/decisions/0061), which answers 400 here.
 */
export async function readMultipartForm(ctx: AppContext, request: FastifyRequest, rules: FormRules): Promise<MultipartForm> {
  const files: Upload[] = [];
  const temporary: string[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: limits.documentBytes, files: rules.maxFiles, fields: 10, fieldSize: limits.messageBodyMax * 4 },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!rules.fileFields.includes(part.fieldname)) throw new AppError("ERR_MISSING_VALUES", 400, rules.fileFieldHint);
      const saved = await ctx.media.saveTemporary(part.file);
      temporary.push(saved.path);
      if (part.file.truncated) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
      const sentName = part.filename ? part.filename.slice(0, limits.fileNameMax) : undefined;
      const kind = await classifyFile(saved.path, part.mimetype, sentName);
      assertSize(kind, saved.size);
      files.push({ tempPath: saved.path, size: saved.size, kind, fileName: sentName ?? `file.${kind.extension}` });
    }
    return { fields, files };
  } catch (error) {
    await Promise.all(temporary.map((path) => ctx.media.removeFile(path)));
    throw readingError(request, error);
  }
}

/** Removes the temporary names of uploads (a no-op for those already kept under a stored name). */
export async function discardUploads(ctx: AppContext, files: readonly Upload[]): Promise<void> {
  await Promise.all(files.map((file) => ctx.media.removeFile(file.tempPath)));
}

/**
 * A record sent as multipart: its fields as JSON in `data` (checked by `schema`) and at most one
 * file in `media`, which waits under a temporary name: `use` keeps it or not; whatever it leaves
 * is removed after. `what` names the record in the error for a `data` that is not JSON.
 */
export async function readJsonForm<S extends z.ZodType, T>(
  ctx: AppContext,
  request: FastifyRequest,
  schema: S,
  what: string,
  use: (body: z.output<S>, file: Upload | undefined) => Promise<T>,
): Promise<T> {
  const form = await readMultipartForm(ctx, request, { fileFields: ["media"], maxFiles: 1, fileFieldHint: "The file goes in the `media` field." });
  try {
    let data: unknown;
    try {
      data = JSON.parse(form.fields.data ?? "");
    } catch {
      throw new AppError("ERR_MISSING_VALUES", 400, `\`data\` holds the ${what} as JSON.`);
    }
    return await use(parseWith(schema, data), form.files[0]);
  } finally {
    await discardUploads(ctx, form.files);
  }
}
