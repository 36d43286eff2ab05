import { and, eq, isNull, not, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { campaignRecipients, contacts, tickets } from "../../db/schema/index.js";
import { sendOutgoingOnce, type Draft, type OutgoingTicket } from "../messages/delivery/outgoing.service.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { activeTicketOf } from "../tickets/tickets.repo.js";
import type { CampaignRow } from "./campaign.presenter.js";
import { renderBody, type VariableSource } from "./campaign-variables.js";

/** A leased recipient, with what its message is made of. */
export interface LeasedRecipient {
  id: number;
  contactId: number;
  contact: VariableSource & { optedOut: boolean };
}

/**
 * Where a recipient's message goes: the contact's active conversation on the connection (the
 * message joins it); else a ticket the campaign opens for it, recorded closed
 * (docs/decisions/0085), inserted by the claim itself (`opens`) so that the claim, the ticket and
 * the message are one commit and a rerun after a crash finds nothing half done.
 */
async function targetOf(ctx: AppContext, connectionId: number, recipient: LeasedRecipient): Promise<{ ticket: OutgoingTicket; opens: boolean }> {
  const active = await activeTicketOf(ctx.db, recipient.contactId, connectionId);
  if (active) return { ticket: active, opens: false };
  // Filled in by the claim, before the writer reads it.
  return { ticket: { id: 0, connectionId }, opens: true };
}

export async function draftOf(ctx: AppContext, campaign: CampaignRow, body: string): Promise<Draft> {
  if (!campaign.mediaName || !campaign.mediaType) return { body, mediaType: "chat" };
  // Every message owns its file (media names are unique per message): a link, not a copy of the bytes.
  const mediaName = await ctx.media.linkCopy(campaign.mediaName);
  return { body, mediaType: campaign.mediaType, mediaName, mimeType: campaign.mimeType ?? "application/octet-stream", fileName: campaign.mediaFileName ?? mediaName };
}

/**
 * Writes one recipient's message through the one writer, exactly once: the claim (queued → sent)
 * and the message are one transaction, and the message id is kept with it. A recipient another
 * run sent meanwhile writes nothing. The slot of the connection's pace was taken by the caller
 * (`paced`). A refusal before the write (no connection, the contact unreachable) marks it failed.
 */
export async function sendToRecipient(ctx: AppContext, campaign: CampaignRow, recipient: LeasedRecipient): Promise<void> {
  const connectionId = campaign.connectionId;
  try {
    if (connectionId === null) throw new AppError("ERR_NO_WAPP_FOUND");
    const { ticket, opens } = await targetOf(ctx, connectionId, recipient);
    const draft = await draftOf(ctx, campaign, renderBody(campaign.body, recipient.contact));
    const now = new Date();
    const sent = await sendOutgoingOnce(
      ctx,
      ticket,
      [draft],
      { userId: null, lastMessage: true, paced: true },
      async (tx) => {
        const claimed = await tx
          .update(campaignRecipients)
          .set({ status: "sent", sentAt: now, updatedAt: now, leaseUntil: null })
          // Read again here: an opt-out written while this recipient waited for its slot wins.
          .where(and(eq(campaignRecipients.id, recipient.id), eq(campaignRecipients.status, "queued"), reachable))
          .returning({ id: campaignRecipients.id });
        if (claimed.length !== 1) return false;
        if (opens) {
          const [opened] = await tx
            .insert(tickets)
            .values({ contactId: recipient.contactId, connectionId, isGroup: false, ...lifecycle.openedByCampaign(campaign.id, campaign.queueId, now) })
            .returning({ id: tickets.id });
          ticket.id = opened!.id;
        }
        return true;
      },
      async (tx, rows) => {
        await tx
          .update(campaignRecipients)
          .set({ messageId: rows[0]?.id ?? null, ...(opens ? { ticketId: ticket.id } : {}) })
          .where(eq(campaignRecipients.id, recipient.id));
      },
    );
    if (sent) return;
    if (draft.mediaName) await ctx.media.remove(draft.mediaName);
    // Not claimed: sent by another run, or the contact opted out meanwhile (then it is counted so).
    await skipOptedOut(ctx, recipient.id);
  } catch (error) {
    const reason = error instanceof AppError ? error.message : "The message could not be written.";
    if (!(error instanceof AppError)) ctx.log.error({ err: error, campaignId: campaign.id, recipientId: recipient.id }, "campaign message not written");
    await ctx.db
      .update(campaignRecipients)
      .set({ status: "failed", error: reason, updatedAt: new Date(), leaseUntil: null })
      .where(and(eq(campaignRecipients.id, recipient.id), eq(campaignRecipients.status, "queued")));
  }
}

/** The recipient's contact has not opted out (checked in the claim's statement). */
export const reachable = sql`not exists (select 1 from ${contacts} where ${contacts.id} = ${campaignRecipients.contactId} and ${contacts.optedOutAt} is not null)`;

/** A queued recipient whose contact opted out after the campaign started is not written to: counted optedOut. */
export async function skipOptedOut(ctx: AppContext, recipientId: number): Promise<void> {
  await ctx.db
    .update(campaignRecipients)
    .set({ status: "optedOut", updatedAt: new Date(), leaseUntil: null })
    .where(and(eq(campaignRecipients.id, recipientId), eq(campaignRecipients.status, "queued"), isNull(campaignRecipients.messageId), not(reachable)));
}
