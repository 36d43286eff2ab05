import { createHash } from "node:crypto";
import type { ImportContext } from "../context.js";
import { forEachNewRow } from "../read.js";
import { text, utcTimestamp } from "../values.js";
import { recordImport } from "../writer.js";

const TABLE = "Queues";

/** Queues by name: a queue Atendo already has (same name, any case) receives the Whaticket one. */
export function importQueues(ctx: ImportContext): Promise<void> {
  return forEachNewRow(ctx, { table: TABLE, columns: ["id", "name", "color", "greetingMessage", "createdAt", "updatedAt"], orderBy: ["id"] }, async (row) => {
    const name = text(row.name).trim() || `Queue ${text(row.id)}`;
    const { rows: same } = await ctx.target.query<{ id: number }>("select id from queues where lower(name) = lower($1)", [name]);
    if (same[0]) {
      await recordImport(ctx, TABLE, String(row.id), same[0].id, "merged");
      return;
    }
    const color = await freeColor(ctx, normalizeColor(text(row.color)), name);
    const { rows } = await ctx.target.query<{ id: number }>(
      `insert into queues (name, color, greeting_message, created_at, updated_at)
       values ($1, $2, $3, coalesce($4::timestamptz, now()), coalesce($5::timestamptz, now())) returning id`,
      [name, color, text(row.greetingMessage), utcTimestamp(row.createdAt), utcTimestamp(row.updatedAt)],
    );
    await recordImport(ctx, TABLE, String(row.id), rows[0]!.id, "imported");
  });
}

/** Atendo spells colours #RRGGBB upper case; Whaticket stored whatever the picker gave. */
export function normalizeColor(raw: string): string | null {
  const hex = raw.trim().replace(/^#/, "").toUpperCase();
  if (/^[0-9A-F]{6}$/.test(hex)) return `#${hex}`;
  if (/^[0-9A-F]{3}$/.test(hex)) return `#${[...hex].map((c) => c + c).join("")}`;
  return null;
}

/** Colours are unique in Atendo: a taken or unreadable one becomes a colour derived from the name. */
async function freeColor(ctx: ImportContext, wanted: string | null, name: string): Promise<string> {
  let candidate = wanted;
  for (let attempt = 0; ; attempt++) {
    if (candidate) {
      const { rows } = await ctx.target.query("select 1 from queues where color = $1", [candidate]);
      if (rows.length === 0) {
        if (candidate !== wanted) ctx.report.adjust(TABLE, "colour missing or used by another queue: a new colour was given");
        return candidate;
      }
    }
    candidate = `#${createHash("md5").update(`${name}:${attempt}`).digest("hex").slice(0, 6).toUpperCase()}`;
  }
}
