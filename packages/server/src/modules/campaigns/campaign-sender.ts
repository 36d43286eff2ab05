import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { campaignRecipients, tickets } from "../../db/schema/index.js";
import { sendOutgoingOnce, type Draft, type OutgoingTicket } from "../messages/delivery/outgoing.service.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { activeTicketOf } from "../tickets/tickets.repo.js";
import type { CampaignRow } from "./campaign.presenter.js";
import { renderBody, type VariableSource } from "./campaign-variables.js";

/** A leased recipient, with what its message is made of. */
export interface LeasedRecipient {
  id: number;
  contactId: number;
  ticketId: number | null;
  contact: VariableSource & { optedOut: boolean };
}

/**
 * The ticket a recipient's message goes in: the contact's active conversation on the connection
 * (the message joins it), else the closed ticket the campaign opens for it (docs/decisions/0085),
 * kept on the recipient in the transaction that inserts it so that a rerun reuses it.
 */
async function ticketFor(ctx: AppContext, campaign: CampaignRow, connectionId: number, recipient: LeasedRecipient): Promise<OutgoingTicket> {
  const active = await activeTicketOf(ctx.db, recipient.contactId, connectionId);
  if (active) return active;
  if (recipient.ticketId !== null) {
    const [kept] = await ctx.db
      .select({ id: tickets.id, connectionId: tickets.connectionId })
      .from(tickets)
      .where(and(eq(tickets.id, recipient.ticketId), eq(tickets.connectionId, connectionId)))
      .limit(1);
    if (kept) return kept;
  }
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(tickets)
      .values({ contactId: recipient.contactId, connectionId, isGroup: false, ...lifecycle.openedByCampaign(campaign.id, campaign.queueId, now) })
      .returning({ id: tickets.id, connectionId: tickets.connectionId });
    await tx.update(campaignRecipients).set({ ticketId: ticket!.id }).where(eq(campaignRecipients.id, recipient.id));
    return ticket!;
  });
}

async function draftOf(ctx: AppContext, campaign: CampaignRow, body: string): Promise<Draft> {
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
    const ticket = await ticketFor(ctx, campaign, connectionId, recipient);
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
          .where(and(eq(campaignRecipients.id, recipient.id), eq(campaignRecipients.status, "queued")))
          .returning({ id: campaignRecipients.id });
        return claimed.length === 1;
      },
      async (tx, rows) => {
        await tx.update(campaignRecipients).set({ messageId: rows[0]?.id ?? null }).where(eq(campaignRecipients.id, recipient.id));
      },
    );
    if (!sent && draft.mediaName) await ctx.media.remove(draft.mediaName);
  } catch (error) {
    const reason = error instanceof AppError ? error.message : "The message could not be written.";
    if (!(error instanceof AppError)) ctx.log.error({ err: error, campaignId: campaign.id, recipientId: recipient.id }, "campaign message not written");
    await ctx.db
      .update(campaignRecipients)
      .set({ status: "failed", error: reason, updatedAt: new Date(), leaseUntil: null })
      .where(and(eq(campaignRecipients.id, recipient.id), eq(campaignRecipients.status, "queued")));
  }
}

/** A recipient who opted out after the campaign started is not written to. */
export async function skipOptedOut(ctx: AppContext, recipientId: number): Promise<void> {
  await ctx.db
    .update(campaignRecipients)
    .set({ status: "optedOut", updatedAt: new Date(), leaseUntil: null })
    .where(and(eq(campaignRecipients.id, recipientId), eq(campaignRecipients.status, "queued"), isNull(campaignRecipients.messageId)));
}
