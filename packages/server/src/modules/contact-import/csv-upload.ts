import { limits } from "@atendo/contracts";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../core/app-error.js";

export interface CsvUpload {
  /** The file's bytes (under limits.csvBytes, so held in memory), or null when no `csv` part came. */
  bytes: Buffer | null;
  fileName: string;
  /** Text fields by name (`templateType`, `language`). */
  fields: Record<string, string>;
}

/** A failure while reading: our refusals and the plugin's limits (413) as they are; anything else is a malformed body. */
function readingError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { statusCode } = error as { statusCode?: unknown };
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) return error;
  return new AppError("ERR_INVALID_UPLOAD");
}

/**
 * Reads POST /contact-import's multipart body: one file in `csv`, strictly under
 * `limits.csvBytes` (413 ERR_PAYLOAD_TOO_LARGE, as every upload), and short text fields.
 */
export async function readCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (!request.isMultipart()) throw new AppError("ERR_MISSING_VALUES", 400, "Send multipart/form-data with the file in `csv`.");
  const upload: CsvUpload = { bytes: null, fileName: "contacts.csv", fields: {} };
  try {
    const parts = request.parts({ limits: { fileSize: limits.csvBytes - 1, files: 1, fields: 5, fieldSize: 100 } });
    for await (const part of parts) {
      if (part.type === "field") {
        upload.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== "csv") throw new AppError("ERR_MISSING_VALUES", 400, "The file goes in the `csv` field.");
      // Past the limit the plugin throws its 413 here.
      upload.bytes = await part.toBuffer();
      if (part.filename) upload.fileName = part.filename.slice(0, limits.fileNameMax);
    }
  } catch (error) {
    throw readingError(error);
  }
  return upload;
}
