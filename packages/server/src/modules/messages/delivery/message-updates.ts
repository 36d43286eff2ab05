import type { MessageAck } from "@atendo/contracts";
import { and, eq, lt, type SQL } from "drizzle-orm";
import type { MessageRef } from "../../../channels/channel-driver.js";
import type { AppContext } from "../../../context.js";
import { messages } from "../../../db/schema/index.js";
import { visibilityOf } from "../../tickets/ticket-events.js";
import { presentTicket } from "../../tickets/ticket.presenter.js";
import { messageContactOf, presentMessages, type MessageRow } from "../message.presenter.js";
import { byExternalId } from "../messages.repo.js";

function refWhere(connectionId: number, ref: MessageRef): SQL | undefined {
  return "externalId" in ref ? byExternalId(connectionId, ref.externalId) : and(eq(messages.connectionId, connectionId), eq(messages.id, ref.messageId));
}

/**
 * `appMessage` update (or `edit`, for new text) of a changed message, to who may see its ticket
 * (read now). The outgoing writer, which holds the ticket already, announces its own changes
 * without this lookup.
 */
export async function announceMessageUpdate(ctx: AppContext, row: MessageRow, change: "update" | "edit" | "delete" = "update"): Promise<void> {
  const presented = await presentTicket(ctx.db, row.ticketId);
  const [message] = await presentMessages(ctx.db, [row], messageContactOf(presented));
  if (!message) return;
  const ticket = visibilityOf(presented);
  if (change === "delete") await ctx.events.emit("message.deleted", { ticket, message });
  else await ctx.events.emit("message.updated", { ticket, message, edit: change === "edit" });
}

async function exists(ctx: AppContext, connectionId: number, ref: MessageRef): Promise<boolean> {
  const [row] = await ctx.db.select({ id: messages.id }).from(messages).where(refWhere(connectionId, ref)).limit(1);
  return row !== undefined;
}

/**
 * A delivery state from the channel. Acks only move forward (0 → 1 → 3 → 4 → 5): a late
 * "delivered" after "read" changes nothing. Returns false when no such message exists.
 */
export async function applyAck(ctx: AppContext, connectionId: number, ref: MessageRef, ack: MessageAck): Promise<boolean> {
  const [row] = await ctx.db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(and(refWhere(connectionId, ref), lt(messages.ack, ack)))
    .returning();
  if (!row) return exists(ctx, connectionId, ref);
  await announceMessageUpdate(ctx, row);
  return true;
}

/** The customer edited a message: new text, marked edited. */
export async function applyEdit(ctx: AppContext, connectionId: number, externalId: string, body: string): Promise<boolean> {
  const [row] = await ctx.db
    .update(messages)
    .set({ body, isEdited: true, updatedAt: new Date() })
    .where(refWhere(connectionId, { externalId }))
    .returning();
  if (row) await announceMessageUpdate(ctx, row, "edit");
  return row !== undefined;
}

/** The customer deleted a message: kept, marked deleted (the bubble shows it in italics). */
export async function applyDelete(ctx: AppContext, connectionId: number, externalId: string): Promise<boolean> {
  const [row] = await ctx.db
    .update(messages)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(refWhere(connectionId, { externalId }), eq(messages.isDeleted, false)))
    .returning();
  if (row) await announceMessageUpdate(ctx, row, "delete");
  return row !== undefined;
}
