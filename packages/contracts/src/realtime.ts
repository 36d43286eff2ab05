import { z } from "zod";
import { looseId } from "./common.js";
import { announcementEvent } from "./announcements.js";
import { botEvent } from "./bots.js";
import { campaignEvent } from "./campaigns.js";
import { sessionEvent } from "./auth.js";
import { appChatMessageEvent, chatEvent } from "./chats.js";
import { connectionEvent, whatsappSessionEvent } from "./connections.js";
import { connectionIncidentEvent } from "./connection-safety.js";
import { contactsImportsEvent } from "./contact-import.js";
import { contactEvent } from "./contacts.js";
import { appMessageEvent } from "./messages.js";
import { mentionEvent } from "./mentions.js";
import { monitoringEvent } from "./monitorings.js";
import { noteEvent } from "./notes.js";
import { queueEvent } from "./queues.js";
import { quickAnswerEvent } from "./quick-answers.js";
import { scheduleEvent } from "./schedules.js";
import { settingsEvent } from "./settings.js";
import { tagEvent } from "./tags.js";
import { slaBreachedEvent } from "./ticket-sla.js";
import { ticketEvent, ticketStatuses } from "./tickets.js";
import { uraEvent } from "./uras.js";
import { presenceEvent, userEvent } from "./users.js";

/** Messages a client sends (spec §7, real time). */
export const clientEvents = {
  joinNotification: z.undefined().or(z.null()),
  joinTickets: z.enum(ticketStatuses),
  joinChatBox: looseId,
} as const;

/**
 * Every event the server emits (spec §7), by name, with the schema of its payload (each carries
 * an `action`). The server may emit only these, with these payloads; the web parses each
 * incoming event with its schema once (`useServerEvent`).
 */
export const serverEvents = {
  user: userEvent,
  ticket: ticketEvent,
  appMessage: appMessageEvent,
  contact: contactEvent,
  settings: settingsEvent,
  chat: chatEvent,
  appChatMessage: appChatMessageEvent,
  whatsapp: connectionEvent,
  whatsappSession: whatsappSessionEvent,
  quickAnswer: quickAnswerEvent,
  queue: queueEvent,
  ContactsImports: contactsImportsEvent,
  /** Beyond the spec's list: the admin lists of menus, announcements and monitorings stay live. */
  ura: uraEvent,
  announcement: announcementEvent,
  /** Bots (issue 33, docs/decisions/0092), to admins. */
  bot: botEvent,
  /** Campaigns (issue 31), to admins: created, changed (progress at most once a second), deleted. */
  campaign: campaignEvent,
  monitoring: monitoringEvent,
  /** Beyond the spec's list: labels (issue 29), to every signed-in user. */
  tag: tagEvent,
  /** Beyond the spec's list: a ticket's private notes, to who follows it, and a user's mentions, to them alone (decision 0073). */
  note: noteEvent,
  mention: mentionEvent,
  /** Beyond the spec's list: a ticket missed an SLA target (issue 30), to its owner, its queue's members and admins. */
  slaBreached: slaBreachedEvent,
  /** Beyond the spec's list: a connection down past the alert threshold, or back after one (issue 31), to admins. */
  connectionIncident: connectionIncidentEvent,
  /** Beyond the spec's list: the server ended this sign-in and is closing its socket (why, first). */
  session: sessionEvent,
  /** Beyond the spec's list: a user's presence (issue 30), to admins, the user and their queues' members. */
  presence: presenceEvent,
  /** Beyond the spec's list: scheduled messages (issue 31), to their author and admins. */
  schedule: scheduleEvent,
} as const;

export type ServerEventName = keyof typeof serverEvents;
export const serverEventNames = Object.keys(serverEvents) as readonly ServerEventName[];

/** Payload of each server event, as the client receives it. */
export type ServerEvents = { [E in ServerEventName]: z.infer<(typeof serverEvents)[E]> };
export type ServerEventPayload<E extends ServerEventName> = ServerEvents[E];

// The zod-free outline of these events, which the web checks them against (docs/decisions/0043).
export * from "./server-event-shapes.js";
