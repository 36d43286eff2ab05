import { limits } from "@atendo/contracts";

/** Photos, audio and video are "media" (15 MB check); anything else is a document (99 MB). */
export function isMediaFile(file: { type: string }): boolean {
  return /^(image|audio|video)\//i.test(file.type);
}

/** The size check of spec §5, done before sending so the user is told at once. */
export function sizeLimit(file: { type: string }): number {
  return Math.min(isMediaFile(file) ? limits.mediaCheckBytes : limits.documentCheckBytes, limits.uploadCapBytes);
}

export function splitBySize<T extends { type: string; size: number }>(files: readonly T[]): { accepted: T[]; oversize: T[] } {
  const accepted: T[] = [];
  const oversize: T[] = [];
  for (const file of files) (file.size > sizeLimit(file) ? oversize : accepted).push(file);
  return { accepted, oversize };
}

/** Groups of at most `limits.mediaFilesPerMessage` files: one POST each. */
export function inBatches<T>(files: readonly T[], size: number = limits.mediaFilesPerMessage): T[][] {
  const batches: T[][] = [];
  for (let at = 0; at < files.length; at += size) batches.push(files.slice(at, at + size));
  return batches;
}
