import { auditRetentionDays } from "@atendo/contracts";
import { inArray, lt } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { auditEntries } from "../db/schema/index.js";
import { getSettingValue } from "../modules/settings/settings.service.js";

/** Entries per statement: a short transaction each, however much has aged out. */
const pruneBatch = 5000;

/** The `auditRetentionDays` setting; the default when unset or unreadable. */
async function retentionDays(ctx: AppContext): Promise<number> {
  const value = Number(await getSettingValue(ctx, "auditRetentionDays"));
  return Number.isInteger(value) && value >= auditRetentionDays.min ? value : auditRetentionDays.default;
}

/**
 * Deletes audit entries older than the retention setting (docs/decisions/0097), in batches. Safe
 * on several instances at once: a delete is its own answer (rows another instance removed are
 * simply not found, and SKIP LOCKED passes over those it is removing now).
 */
export async function pruneAuditEntries(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (await retentionDays(ctx)) * 86_400_000);
  let removed = 0;
  for (;;) {
    const aged = ctx.db
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(lt(auditEntries.createdAt, cutoff))
      .orderBy(auditEntries.id)
      .limit(pruneBatch)
      .for("update", { skipLocked: true });
    const count = (await ctx.db.delete(auditEntries).where(inArray(auditEntries.id, aged)).returning({ id: auditEntries.id })).length;
    removed += count;
    if (count < pruneBatch) break;
  }
  if (removed > 0) ctx.log.info({ removed }, "audit entries past retention removed");
  return removed;
}
