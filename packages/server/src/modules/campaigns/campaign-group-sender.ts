import { activeTicketStatuses, lastMessageOf, type Message, type Ticket } from "@atendo/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { inValues } from "../../db/schema/in-values.js";
import { campaignRecipients, messages, tickets } from "../../db/schema/index.js";
import { domainEvent } from "../../events/domain-events.js";
import { dispatchTogether } from "../messages/delivery/dispatch-together.js";
import { outgoingValues, type Draft } from "../messages/delivery/outgoing.repo.js";
import { messageContactOf, presentMessages, representMessage, type MessageRow } from "../messages/message.presenter.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { visibilityOf } from "../tickets/ticket-events.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";
import type { CampaignRow } from "./campaign.presenter.js";
import { draftOf, reachable, sendToRecipient, type LeasedRecipient } from "./campaign-sender.js";
import { renderBody } from "./campaign-variables.js";

/** A recipient of the group with its message, before the write. */
interface Pending {
  recipient: LeasedRecipient;
  draft: Draft;
}

/** The contact has no active conversation on the connection: the campaign opens its own ticket (checked in the claim). */
function noActiveTicket(connectionId: number) {
  return sql`not exists (select 1 from ${tickets} where ${tickets.contactId} = ${campaignRecipients.contactId} and ${tickets.connectionId} = ${connectionId}
    and ${inValues(tickets.status, activeTicketStatuses)})`;
}

/**
 * Writes the messages of several recipients whose pace slots came due together (docs/decisions/0103):
 * one transaction for the group — the claims (queued → sent) in one UPDATE, the campaign's
 * tickets in one INSERT, the messages in one INSERT, the message and ticket ids kept in one
 * UPDATE — then the tickets presented in one read, the messages announced and handed over. The
 * claim takes only recipients still queued, not opted out and with no active conversation on the
 * connection; the others go one by one through `sendToRecipient` (it joins the active
 * conversation, counts the opt-out, or finds the recipient sent by another run). Exactly once as
 * before: a crash before the commit leaves the whole group queued and nothing written.
 */
export async function sendToGroup(ctx: AppContext, campaign: CampaignRow, recipients: readonly LeasedRecipient[]): Promise<void> {
  const connectionId = campaign.connectionId;
  // A group of one takes the same path: its claim checks the active ticket as a larger group's does.
  if (connectionId === null || recipients.length === 0) return;
  const pending = await Promise.all(
    recipients.map(async (recipient): Promise<Pending> => ({ recipient, draft: await draftOf(ctx, campaign, renderBody(campaign.body, recipient.contact)) })),
  );
  let written: { rows: MessageRow[]; claimed: Set<number> };
  try {
    written = await writeGroup(ctx, campaign, connectionId, pending);
  } catch (error) {
    ctx.log.warn({ err: error, campaignId: campaign.id }, "campaign group not written; writing its recipients one by one");
    written = { rows: [], claimed: new Set() };
  }
  const left = pending.filter((entry) => !written.claimed.has(entry.recipient.id));
  await Promise.all(left.map((entry) => (entry.draft.mediaName ? ctx.media.remove(entry.draft.mediaName) : undefined)));
  await Promise.all([announceAndDispatch(ctx, connectionId, written.rows), ...left.map((entry) => sendToRecipient(ctx, campaign, entry.recipient))]);
}

/** The group's transaction: what it claimed and the messages it stored. */
async function writeGroup(ctx: AppContext, campaign: CampaignRow, connectionId: number, pending: readonly Pending[]): Promise<{ rows: MessageRow[]; claimed: Set<number> }> {
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(campaignRecipients)
      .set({ status: "sent", sentAt: now, updatedAt: now, leaseUntil: null })
      .where(
        and(
          inArray(
            campaignRecipients.id,
            pending.map((entry) => entry.recipient.id),
          ),
          eq(campaignRecipients.status, "queued"),
          reachable,
          noActiveTicket(connectionId),
        ),
      )
      .returning({ id: campaignRecipients.id });
    const ids = new Set(claimed.map((row) => row.id));
    const group = pending.filter((entry) => ids.has(entry.recipient.id));
    if (group.length === 0) return { rows: [], claimed: ids };
    const opened = await tx
      .insert(tickets)
      .values(
        group.map((entry) => ({
          contactId: entry.recipient.contactId,
          connectionId,
          isGroup: false,
          ...lifecycle.openedByCampaign(campaign.id, campaign.queueId, now),
          // What writeOutgoing would set right after (a campaign's message is the ticket's last one).
          lastMessage: lastMessageOf(entry.draft),
        })),
      )
      .returning({ id: tickets.id, contactId: tickets.contactId });
    const ticketOf = new Map(opened.map((row) => [row.contactId, row.id]));
    const rows = await tx
      .insert(messages)
      .values(group.flatMap((entry) => outgoingValues({ id: ticketOf.get(entry.recipient.contactId)!, connectionId }, [entry.draft], null, now)))
      .returning();
    const messageOf = new Map(rows.map((row) => [row.ticketId, row.id]));
    const kept = group.map((entry) => {
      const ticketId = ticketOf.get(entry.recipient.contactId)!;
      return sql`(${entry.recipient.id}::integer, ${messageOf.get(ticketId)!}::integer, ${ticketId}::integer)`;
    });
    await tx.execute(sql`update ${campaignRecipients} set message_id = kept.message_id, ticket_id = kept.ticket_id
      from (values ${sql.join(kept, sql`, `)}) as kept(id, message_id, ticket_id) where ${campaignRecipients.id} = kept.id`);
    return { rows, claimed: ids };
  });
}

/** After the commit, as the one writer does for each message: presented (the tickets in one read), announced, handed to the channel. */
async function announceAndDispatch(ctx: AppContext, connectionId: number, rows: readonly MessageRow[]): Promise<void> {
  if (rows.length === 0) return;
  const presented = await presentTicketsById(ctx.db, [...new Set(rows.map((row) => row.ticketId))]);
  const sent: { ticket: Ticket; message: Message }[] = [];
  for (const row of rows) {
    const ticket = presented.get(row.ticketId);
    if (!ticket) continue;
    const [message] = await presentMessages(ctx.db, [row], messageContactOf(ticket));
    sent.push({ ticket, message: message! });
  }
  await ctx.events.publish(...sent.map(({ ticket, message }) => domainEvent("message.sent", { ticket, message })));
  // Handed over together (one claim, one record), each change told as the one writer tells it.
  await dispatchTogether(
    ctx,
    sent.map(({ ticket, message }) => ({
      id: message.id,
      connectionId,
      announce: (row: MessageRow) =>
        ctx.events.emit("message.updated", { ticket: visibilityOf(ticket), message: representMessage(message, row, messageContactOf(ticket)), edit: false }),
    })),
    { paced: true },
  );
}
