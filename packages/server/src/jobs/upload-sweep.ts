import { limits } from "@atendo/contracts";
import type { AppContext } from "../context.js";

/**
 * Removes temporary upload files (`*.upload` in MEDIA_DIR) that no request owns any more: those
 * of a process killed mid-upload survive restarts, and nothing else would ever remove them. A
 * live upload touches its file at least every UPLOAD_IDLE_TIMEOUT_SECONDS and lasts at most
 * UPLOAD_MAX_SECONDS, so a file untouched for longer than both bounds is an orphan (several
 * instances sharing MEDIA_DIR never remove each other's live files).
 */
export async function sweepOrphanUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const olderThanSeconds = Math.max(limits.orphanUploadSeconds, ctx.config.UPLOAD_MAX_SECONDS);
  const removed = await ctx.media.sweepTemporary(olderThanSeconds * 1000, now);
  if (removed > 0) ctx.log.info({ removed }, "orphan upload files removed");
  return removed;
}
