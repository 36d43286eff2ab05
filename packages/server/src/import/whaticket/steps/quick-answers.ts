import { settingKeys } from "@atendo/contracts";
import type { ImportContext } from "../context.js";
import { forEachNewRow } from "../read.js";
import type { SourceRow } from "../source/source.js";
import { text, utcTimestamp } from "../values.js";
import { recordImport, targetOf } from "../writer.js";

/** Quick answers by shortcut: one Atendo already has keeps its text. */
export function importQuickAnswers(ctx: ImportContext): Promise<void> {
  const TABLE = "QuickAnswers";
  return forEachNewRow(ctx, { table: TABLE, columns: ["id", "shortcut", "message", "userId", "createdAt", "updatedAt"], orderBy: ["id"] }, async (row) => {
    const shortcut = text(row.shortcut).trim();
    if (!shortcut || !text(row.message).trim()) {
      ctx.report.skip(TABLE, "empty shortcut or message");
      return;
    }
    const { rows: same } = await ctx.target.query<{ id: number }>("select id from quick_answers where lower(shortcut) = lower($1)", [shortcut]);
    if (same[0]) {
      await recordImport(ctx, TABLE, String(row.id), same[0].id, "merged");
      return;
    }
    const { rows } = await ctx.target.query<{ id: number }>(
      `insert into quick_answers (shortcut, message, created_by, created_at, updated_at)
       values ($1, $2, $3, coalesce($4::timestamptz, now()), coalesce($5::timestamptz, now())) returning id`,
      [shortcut, text(row.message), await targetOf(ctx, "Users", row.userId), utcTimestamp(row.createdAt), utcTimestamp(row.updatedAt)],
    );
    await recordImport(ctx, TABLE, String(row.id), rows[0]!.id, "imported");
  });
}

/**
 * Settings Atendo shares with Whaticket (userCreation) take the Whaticket value; the others have
 * no meaning here and are skipped by name. Settings have no numeric id: target_id 0.
 */
export function importSettings(ctx: ImportContext): Promise<void> {
  const TABLE = "Settings";
  const keyOf = (row: SourceRow) => text(row.key);
  const read = { table: TABLE, columns: ["key", "value"], orderBy: ["key"] };
  return forEachNewRow(ctx, read, async (row) => {
    const key = keyOf(row);
    if (key !== "userCreation" || !(settingKeys as readonly string[]).includes(key)) {
      ctx.report.skip(TABLE, `setting "${key}" has no Atendo equivalent`);
      return;
    }
    const value = text(row.value) === "enabled" ? "enabled" : "disabled";
    await ctx.target.query(
      "insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, updated_at = now()",
      [key, value],
    );
    await recordImport(ctx, TABLE, key, 0, "imported");
  }, keyOf);
}
