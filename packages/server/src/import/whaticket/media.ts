import { createHash } from "node:crypto";
import { copyFile, mkdir, realpath, stat } from "node:fs/promises";
import { extname, isAbsolute, join, posix, relative, sep } from "node:path";
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
  /** Why the media was refused (a line of the report); the message is kept without it. */
  refused?: MediaRefusal;
}

/** The report's lines for a `mediaUrl` the import refuses to follow. */
export const mediaRefusals = {
  encoding: "mediaUrl is not valid URL encoding: message kept, media dropped",
  outside: "mediaUrl points outside --media: message kept, media dropped",
} as const;
export type MediaRefusal = (typeof mediaRefusals)[keyof typeof mediaRefusals];

/**
 * The path, relative to Whaticket's `public/` folder, that a `mediaUrl` names: a file name (a
 * whole URL in some forks: its last path segment), decoded first and only then judged, so an
 * encoded `..%2F` or `%5C` is seen for what it is. Absolute paths and any climb out of the folder
 * are refused; backslashes count as separators, as they would on the Windows installs some teams
 * ran Whaticket on.
 */
export function mediaPath(mediaUrl: string): { path: string } | { refused: MediaRefusal } {
  const bare = mediaUrl.split(/[?#]/)[0] ?? "";
  const raw = /^[a-z][a-z0-9+.-]*:\/\//i.test(bare) ? bare.slice(bare.lastIndexOf("/") + 1) : bare;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { refused: mediaRefusals.encoding };
  }
  const slashed = decoded.replaceAll("\\", "/");
  if (slashed.includes("\0") || posix.isAbsolute(slashed) || /^[a-z]:/i.test(slashed)) return { refused: mediaRefusals.outside };
  const path = posix.normalize(slashed);
  if (path === ".." || path.startsWith("../")) return { refused: mediaRefusals.outside };
  return { path };
}

/**
 * Whaticket stored a file name in `mediaUrl` (some forks a whole URL) and the file in its backend
 * `public/` folder. Only a regular file whose real path (links followed) lies inside that folder
 * is copied. The copy is named like every Atendo media file (a UUID and the extension, the shape
 * the media route accepts), but the UUID derives from the install and the message id: never
 * reused, and the same on a resumed run (a copy made before an interruption is simply made again).
 */
export async function copyMedia(ctx: ImportContext, messageId: string, mediaUrl: string): Promise<MediaResult> {
  const named = mediaPath(mediaUrl);
  if ("refused" in named) return { fileName: "", mimeType: null, mediaName: null, refused: named.refused };
  const original = posix.basename(named.path);
  const extension = extname(original).toLowerCase().slice(0, 10);
  const result = { fileName: original, mimeType: mimeByExtension[extension] ?? null };
  if (!ctx.mediaFrom || !original || original === ".") return { ...result, mediaName: null };
  const from = await realFile(join(ctx.mediaFrom, named.path));
  if (!from) return { ...result, mediaName: null };
  if (!inside(await realpath(ctx.mediaFrom), from)) return { ...result, mediaName: null, refused: mediaRefusals.outside };
  const mediaName = `${stableUuid(`${ctx.fingerprint}:${messageId}`)}${/^\.[a-z0-9]{1,10}$/.test(extension) ? extension : ""}`;
  if (!ctx.dryRun) {
    await mkdir(ctx.mediaDir, { recursive: true });
    await copyFile(from, join(ctx.mediaDir, mediaName));
  }
  return { ...result, mediaName };
}

/** The real path of a regular file, or undefined when there is none there. */
async function realFile(path: string): Promise<string | undefined> {
  try {
    const real = await realpath(path);
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== "" && rel.split(sep)[0] !== ".." && !isAbsolute(rel);
}

/** A UUID-shaped name (version 5 layout) from a SHA-256 of the key. */
function stableUuid(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
