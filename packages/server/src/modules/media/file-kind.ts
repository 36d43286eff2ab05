import { limits, type MessageMediaType } from "@atendo/contracts";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import { AppError } from "../../core/app-error.js";

/** The media types a file sniffed by its content maps to. */
export type FileMediaType = Extract<MessageMediaType, "image" | "audio" | "video" | "document">;

/** What a file really is, read from its content, and how large it may be. */
export interface FileKind {
  mimeType: string;
  mediaType: FileMediaType;
  /** Extension of the stored file, without the dot. */
  extension: string;
  /** Spec §5: photos, video and audio up to 16 MB, other files up to 100 MB. */
  maxBytes: number;
}

/** Programs are not attachments: refused whatever name or type they were sent with. */
const refused = new Set([
  "application/x-msdownload",
  "application/vnd.microsoft.portable-executable",
  "application/x-elf",
  "application/x-mach-binary",
  "application/x-msi",
  "application/java-archive",
  "application/vnd.android.package-archive",
]);

/** Text formats with no magic number, kept with the type they were sent as. */
const textTypes = /^(text\/[\w.+-]+|application\/(json|xml|csv))$/;

const textExtensions: Record<string, string> = { "text/plain": "txt", "text/csv": "csv", "text/vcard": "vcf", "application/json": "json" };

function safeExtension(fileName: string | undefined): string | undefined {
  const ext = fileName?.split(".").pop()?.toLowerCase();
  return ext && ext !== fileName?.toLowerCase() && /^[a-z0-9]{1,10}$/.test(ext) ? ext : undefined;
}

const mediaPrefix = /^(image|audio|video)\//;

function sized(mediaType: FileMediaType, mimeType: string, extension: string): FileKind {
  return { mediaType, mimeType, extension, maxBytes: mediaType === "document" ? limits.documentBytes : limits.mediaBytes };
}

/**
 * Classifies a file by its content (the declared type and name are only hints): programs and
 * files that claim to be media but are not answer 415 FILE_NOT_SUPPORTED.
 */
export function classify(sniffed: { mime: string; ext: string } | undefined, declaredMime: string, fileName?: string): FileKind {
  const declared = declaredMime.toLowerCase().split(";")[0]?.trim() ?? "";
  if (!sniffed) {
    if (mediaPrefix.test(declared)) throw new AppError("FILE_NOT_SUPPORTED");
    const mimeType = textTypes.test(declared) ? declared : "application/octet-stream";
    return sized("document", mimeType, safeExtension(fileName) ?? textExtensions[mimeType] ?? "bin");
  }
  if (refused.has(sniffed.mime)) throw new AppError("FILE_NOT_SUPPORTED");
  // A recorded voice note is often a WebM/Ogg/MP4 container, which the content calls "video".
  if (declared.startsWith("audio/") && sniffed.mime.startsWith("video/")) {
    return sized("audio", `audio/${sniffed.ext === "mp4" ? "mp4" : sniffed.ext}`, sniffed.ext);
  }
  const kind = /^(image|audio|video)/.exec(sniffed.mime)?.[1] as FileMediaType | undefined;
  return sized(kind ?? "document", sniffed.mime, sniffed.ext);
}

export async function classifyBuffer(data: Uint8Array, declaredMime: string, fileName?: string): Promise<FileKind> {
  return classify(await fileTypeFromBuffer(data), declaredMime, fileName);
}

export async function classifyFile(path: string, declaredMime: string, fileName?: string): Promise<FileKind> {
  return classify(await fileTypeFromFile(path), declaredMime, fileName);
}

/** A file larger than its kind allows answers 413 ERR_PAYLOAD_TOO_LARGE. */
export function assertSize(kind: FileKind, size: number): void {
  if (size > kind.maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
}
