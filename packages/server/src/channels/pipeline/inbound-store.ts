import { lastMessageOf, normalizeNumber, type Ticket } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { writeAutomatic } from "../../modules/routing/automatic-messages.js";
import { routeNewTicket } from "../../modules/routing/new-ticket-route.js";
import { routeEnv } from "../../modules/routing/route-env.js";
import type { RoutePlan } from "../../modules/routing/walk.js";
import type { MessageRow } from "../../modules/messages/message.presenter.js";
import type { InboundMessage } from "../channel-driver.js";
import { findOrCreateActiveTicket, type ActiveTicket } from "./active-ticket.js";
import { recentCampaignsSlot } from "../../modules/campaigns/recent-campaigns.js";
import { appendToTicket, type BatchedInbound } from "./append-batch.js";
import type { NewInbound } from "./inbound-rows.js";
import { upsertContact, type ContactRow } from "../../modules/contacts/contact-upsert.js";
import { customerText } from "../../modules/routing/customer-texts.js";
import { customerLanguage } from "../../modules/settings/customer-language.js";
import { takeSurveyAnswer } from "../../modules/surveys/survey-answer.js";
import type { MenuBatchOutcome } from "../../modules/routing/menu-batch.js";

/** Thrown to undo a redelivered message's contact/ticket work (the transaction rolls back). */
export class Redelivered extends Error {}

export interface Stored {
  active: ActiveTicket;
  /** The inbound message, then routing's automatic messages (greeting, menu…) if any were written. */
  created: MessageRow[];
  automatic: MessageRow[];
  /** The ticket as the API shows it, read by the same statement that stored the message. */
  ticket: Ticket;
  /** The contact, when this message created it (the contacts screen hears of it). */
  newContact?: ContactRow;
  /**
   * Set when the message went through the batch's menu step (menu-step.ts), which announced it
   * and what it led to: the ticket as it then stood and routing's texts, due for dispatch.
   */
  stepped?: MenuBatchOutcome;
}

export interface Inbound {
  ctx: AppContext;
  connection: ConnectionRow;
  /** Digits only. */
  number: string;
  input: InboundMessage;
  mediaName: string | null;
  /** The message's file could not be saved (a full disk): kept without it, marked (decision 0101). */
  mediaLost?: boolean;
  now: Date;
}

/** The ticket's last message for a received message: its text, or its media's line (lastMessageOf). */
export function summary(input: InboundMessage): string {
  return lastMessageOf({ mediaType: input.mediaType, body: input.body.trim(), fileName: input.media?.fileName });
}

export function messageValues({ connection, input, mediaName, mediaLost }: Inbound): NewInbound {
  return {
    connectionId: connection.id,
    externalId: input.externalId,
    body: input.body,
    fromMe: input.fromMe,
    mediaType: input.mediaType,
    mediaName,
    mimeType: input.media?.mimeType ?? null,
    fileName: input.media?.fileName ?? null,
    failureReason: mediaLost ? "ERR_STORAGE_FULL" : null,
    quotedExternalId: input.quotedExternalId ?? null,
    senderName: input.sender?.name ?? null,
    senderNumber: input.sender ? normalizeNumber(input.sender.number) : null,
    createdAt: input.timestamp,
  };
}

/** The message as a row of the store statements (append-batch.ts): what it is, whose, what the ticket list shows. */
export function batchedOf(inbound: Inbound): BatchedInbound {
  return {
    message: messageValues(inbound),
    number: inbound.number,
    profilePicUrl: inbound.input.chat.profilePicUrl ?? null,
    lastMessage: summary(inbound.input),
    now: inbound.now,
  };
}

/** Where new tickets of a group commit's batch go, routed once per connection (inbound-batch.ts). */
export type RouteMemo = Map<string, Promise<RoutePlan>>;

/**
 * Where this message's new ticket would go, read on `db`; with `routes`, shared by the batch's
 * messages of one connection: routing reads only, and they arrive within milliseconds.
 */
export function routeOf(db: Db, { ctx, connection, input, now }: Inbound, routes?: RouteMemo): Promise<RoutePlan> {
  // Customers are talked to; groups and the company's own first message are only filed.
  const automated = !input.fromMe && !input.chat.isGroup;
  const route = () => routeNewTicket(routeEnv(ctx, db, connection, now), connection, automated);
  if (!routes) return route();
  const key = `${connection.id}:${automated}`;
  if (!routes.has(key)) routes.set(key, route());
  return routes.get(key)!;
}

/**
 * The careful path, on the caller's transaction (inbound-batch.ts: one message in its own, or
 * a batch's in one, sharing `routes`: routeOf): upsert the contact, find or create (or reopen)
 * the active ticket, routing a new one, store the message with the statement every inbound
 * message is stored by (appendToTicket), then routing's texts (greeting, announcements, menu).
 * A redelivered message throws Redelivered, which rolls the transaction back, so it never
 * leaves a new ticket behind.
 */
export async function storeInTransaction(tx: Db, inbound: Inbound, routes?: RouteMemo): Promise<Stored> {
  const { ctx, connection, number, input, now } = inbound;
  const routed = () => routeOf(tx, inbound, routes);
  const { contact, created } = await upsertContact(tx, { number, name: input.chat.name, isGroup: input.chat.isGroup, profilePicUrl: input.chat.profilePicUrl });
  const active = await findOrCreateActiveTicket(
    tx,
    {
      contactId: contact.id,
      connectionId: connection.id,
      isGroup: input.chat.isGroup,
      reopenWindowMinutes: ctx.config.TICKET_REOPEN_WINDOW_MINUTES,
      now,
      timeZone: ctx.config.TIME_ZONE,
      // A customer's answer to a campaign (docs/decisions/0085): looked for only where one may await it.
      campaignReplies: !input.fromMe && (await ctx.slots.get(recentCampaignsSlot).connections()).has(connection.id),
    },
    routed,
    () =>
      takeSurveyAnswer(tx, {
        contactId: contact.id,
        connectionId: connection.id,
        survey: connection.survey,
        isGroup: input.chat.isGroup,
        fromMe: input.fromMe,
        mediaType: input.mediaType,
        body: input.body,
        now,
      }),
  );
  const stored = await appendToTicket(tx, batchedOf(inbound), active.ticket.id);
  if (!stored) throw new Redelivered();
  const { message, ticket } = stored;
  const texts = active.survey ? [customerText(await customerLanguage(ctx, tx), active.survey.reply)] : (active.plan?.texts ?? []);
  const automatic = await writeAutomatic(tx, active.ticket, texts, now);
  return { active, created: [message, ...automatic], automatic, ticket, ...(created ? { newContact: contact } : {}) };
}
