import { createHash } from "node:crypto";
import { access, copyFile, mkdir } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { ImportContext } from "./context.js";

const mimeByExtension: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".mp4": "video/mp4",
  ".3gp": "video/3gpp",
  ".pdf": "application/pdf",
  ".txt": "text/plain",
  ".csv": "text/csv",
  ".zip": "application/zip",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export interface MediaResult {
  /** The file's name under MEDIA_DIR, or null when the file is not on disk (message kept, media missing). */
  mediaName: string | null;
  mimeType: string | null;
  fileName: string;
}

/**
 * Whaticket stored a file name in `mediaUrl` (some forks a whole URL) and the file in its backend
 * `public/` folder. The copy is named like every Atendo media file (a UUID and the extension, the
 * shape the media route accepts), but the UUID derives from the install and the message id: never
 * reused, and the same on a resumed run (a copy made before an interruption is simply made again).
 */
export async function copyMedia(ctx: ImportContext, messageId: string, mediaUrl: string): Promise<MediaResult> {
  const original = decodeURIComponent(basename(mediaUrl.split("?")[0] ?? ""));
  const extension = extname(original).toLowerCase().slice(0, 10);
  const result = { fileName: original, mimeType: mimeByExtension[extension] ?? null };
  if (!ctx.mediaFrom || !original) return { ...result, mediaName: null };
  const from = join(ctx.mediaFrom, original);
  if (!(await exists(from))) return { ...result, mediaName: null };
  const mediaName = `${stableUuid(`${ctx.fingerprint}:${messageId}`)}${/^\.[a-z0-9]{1,10}$/.test(extension) ? extension : ""}`;
  if (!ctx.dryRun) {
    await mkdir(ctx.mediaDir, { recursive: true });
    await copyFile(from, join(ctx.mediaDir, mediaName));
  }
  return { ...result, mediaName };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** A UUID-shaped name (version 5 layout) from a SHA-256 of the key. */
function stableUuid(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
