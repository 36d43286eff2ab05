import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { connections } from "../db/schema/index.js";
import { presentConnection, presentSession } from "../modules/connections/connection.presenter.js";
import type { SessionUpdate } from "./channel-driver.js";

/**
 * The `qrcode` column holds the session's detail: the QR code while status is `qrcode`, the
 * network error of a TIMEOUT for an unreachable channel (no extra column: docs/decisions/0044).
 */
function sessionDetailColumn(update: SessionUpdate): string | undefined {
  if (update.status === "qrcode") return update.qrcode;
  return update.status === "TIMEOUT" ? (update.detail ?? "") : "";
}

/**
 * Persists a driver's session update on the connection and tells admins (`whatsappSession`).
 * The QR code is kept only while status is `qrcode`. A reported number becomes the connection's
 * number and name (spec §3: name is the number), announced as a `whatsapp` update.
 */
export async function applySessionUpdate(ctx: AppContext, connectionId: number, update: SessionUpdate): Promise<void> {
  const [row] = await ctx.db
    .update(connections)
    .set({
      status: update.status,
      qrcode: sessionDetailColumn(update),
      retries: update.retries,
      ...(update.number ? { number: update.number, name: update.number } : {}),
      updatedAt: new Date(),
    })
    .where(eq(connections.id, connectionId))
    .returning();
  if (!row) return; // deleted meanwhile
  await ctx.events.emit("connection.status", { event: { action: "update", session: presentSession(row) } });
  if (update.number) await ctx.events.emit("connection.changed", { event: { action: "update", whatsapp: presentConnection(row) } });
}
