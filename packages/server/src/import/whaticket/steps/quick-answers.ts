import { settingKeys } from "@atendo/contracts";
import type { ImportContext } from "../context.js";
import { forEachRow } from "../read.js";
import { text, utcTimestamp } from "../values.js";
import { addMapping, targetOf } from "../writer.js";

/** Quick answers by shortcut: one Atendo already has keeps its text. */
export function importQuickAnswers(ctx: ImportContext): Promise<void> {
  const TABLE = "QuickAnswers";
  const report = ctx.report.table(TABLE);
  return forEachRow(ctx, { table: TABLE, columns: ["id", "shortcut", "message", "userId", "createdAt", "updatedAt"], orderBy: ["id"] }, async (row) => {
    if ((await targetOf(ctx, TABLE, row.id)) !== null) {
      report.already++;
      return;
    }
    const shortcut = text(row.shortcut).trim();
    if (!shortcut || !text(row.message).trim()) {
      ctx.report.skip(TABLE, "empty shortcut or message");
      return;
    }
    const { rows: same } = await ctx.target.query<{ id: number }>("select id from quick_answers where lower(shortcut) = lower($1)", [shortcut]);
    if (same[0]) {
      await addMapping(ctx, TABLE, String(row.id), same[0].id);
      report.merged++;
      return;
    }
    const { rows } = await ctx.target.query<{ id: number }>(
      `insert into quick_answers (shortcut, message, created_by, created_at, updated_at)
       values ($1, $2, $3, coalesce($4::timestamptz, now()), coalesce($5::timestamptz, now())) returning id`,
      [shortcut, text(row.message), await targetOf(ctx, "Users", row.userId), utcTimestamp(row.createdAt), utcTimestamp(row.updatedAt)],
    );
    await addMapping(ctx, TABLE, String(row.id), rows[0]!.id);
    report.imported++;
  });
}

/**
 * Settings Atendo shares with Whaticket (userCreation) take the Whaticket value; the others have
 * no meaning here and are skipped by name. Settings have no numeric id: target_id 0.
 */
export function importSettings(ctx: ImportContext): Promise<void> {
  const TABLE = "Settings";
  const report = ctx.report.table(TABLE);
  return forEachRow(ctx, { table: TABLE, columns: ["key", "value"], orderBy: ["key"] }, async (row) => {
    const key = text(row.key);
    if ((await targetOf(ctx, TABLE, key)) !== null) {
      report.already++;
      return;
    }
    if (key !== "userCreation" || !(settingKeys as readonly string[]).includes(key)) {
      ctx.report.skip(TABLE, `setting "${key}" has no Atendo equivalent`);
      return;
    }
    const value = text(row.value) === "enabled" ? "enabled" : "disabled";
    await ctx.target.query(
      "insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, updated_at = now()",
      [key, value],
    );
    await addMapping(ctx, TABLE, key, 0);
    report.imported++;
  });
}
