import type { ImportContext } from "../context.js";
import { forEachNewRow } from "../read.js";
import { bool, text, utcTimestamp } from "../values.js";
import { recordImport } from "../writer.js";

const TABLE = "Whatsapps";

/**
 * Whaticket connections become WhatsApp connections to pair again: their sessions cannot move
 * (Baileys keys are per client), so each arrives as TIMEOUT with no QR, the state of a session
 * whose QR code nobody scanned: the admin asks for a new QR code.
 */
export function importConnections(ctx: ImportContext): Promise<void> {
  return forEachNewRow(ctx, { table: TABLE, columns: ["id", "name", "isDefault", "farewellMessage", "createdAt", "updatedAt"], orderBy: ["id"] }, async (row) => {
    const { rows: defaults } = await ctx.target.query("select 1 from connections where is_default limit 1");
    const isDefault = bool(row.isDefault) && defaults.length === 0;
    if (bool(row.isDefault) && !isDefault) ctx.report.adjust(TABLE, "default connection: Atendo already has one, imported as not default");
    const { rows } = await ctx.target.query<{ id: number }>(
      `insert into connections (name, kind, status, qrcode, is_default, farewell_message, created_at, updated_at)
       values ($1, 'whatsapp', 'TIMEOUT', '', $2, $3, coalesce($4::timestamptz, now()), coalesce($5::timestamptz, now())) returning id`,
      [text(row.name).trim() || `WhatsApp ${text(row.id)}`, isDefault, text(row.farewellMessage), utcTimestamp(row.createdAt), utcTimestamp(row.updatedAt)],
    );
    await recordImport(ctx, TABLE, String(row.id), rows[0]!.id, "imported");
  });
}
