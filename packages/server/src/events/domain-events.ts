import type {
  AnnouncementEvent,
  BotEvent,
  AutomationEvent,
  CampaignEvent,
  Contact,
  ContactImport,
  ContactsImportsEvent,
  ConnectionEvent,
  ConnectionIncident,
  Mention,
  Message,
  PresenceStatus,
  MonitoringEvent,
  QueueEvent,
  QuickAnswerEvent,
  ScheduleEvent,
  ServerEventPayload,
  SettingsEvent,
  SlaTarget,
  TagEvent,
  Ticket,
  TicketNote,
  TicketStatus,
  TicketUpsertAction,
  UraEvent,
  UserEvent,
  WebhookPayload,
  WhatsappSessionEvent,
} from "@atendo/contracts";

/**
 * What visibility of a ticket depends on (status, owner, queue, menu, bot) and who took part in it:
 * enough for a listener to tell who could see it. Carried as `before` by an event whose ticket
 * changed hands, so those who saw it before hear that it left them.
 */
export interface TicketVisibility {
  id: number;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  uraId: number | null;
  botId: number | null;
  participantIds: readonly number[];
}

/** What an export wrote (the `data.exported` event). */
export type ExportKind = "contacts" | "reports" | "audit";

/** How a sign-in step was proven (issue 34). */
export type SignInMethod = "password" | "totp" | "recovery" | "oidc";

/**
 * A sign-in step and how it ended (issue 34; for the audit log): `success` signed in,
 * `secondFactorRequired` passed the password and awaits a code, `failure` was refused (`reason`:
 * the error code). `userId` is null when no account matched.
 */
export interface SignInAttempt {
  userId: number | null;
  email: string;
  method: SignInMethod;
  outcome: "success" | "secondFactorRequired" | "failure";
  reason?: string;
}

/** What changed in a user's own credentials (issue 34): by themselves, an admin (`byUserId`) or the command line (null). */
export type CredentialChange =
  | "password"
  | "passwordReset"
  | "twoFactorEnabled"
  | "twoFactorDisabled"
  | "twoFactorReset"
  | "recoveryCodeUsed";

/** A ticket moment: the ticket as it stands after the write, the spec's name for what happened, and who saw it before. */
export interface TicketMoment<T extends TicketUpsertAction = TicketUpsertAction> {
  ticket: Ticket;
  /** The spec §4 transition (the `action` of the `ticket` socket event). */
  transition: T;
  before?: TicketVisibility;
}

/** Who made a ticket close: a person in the app, the customer (close code), or the server (auto-close, a deleted connection). */
export type ClosedBy = "person" | "customer" | "system";

/** One chat event, sent to each participant as their own view (docs/decisions/0038). */
export interface ChatMoment<E extends "chat" | "appChatMessage" = "chat" | "appChatMessage"> {
  name: E;
  participantIds: readonly number[];
  /** Users who get their own view besides the participants (one just removed). */
  alsoTo?: readonly number[];
  /** Whether admins who are not among them get the outsider's view (`payloadFor(null)`); default true. */
  admins?: boolean;
  payloadFor(viewerId: number | null): ServerEventPayload<E>;
}

/**
 * Every domain event: what happened, named once, with what its listeners need. A write publishes
 * its events through `DomainEvents` (events/event-bus.ts); listeners (sockets, Web Push, durable
 * ones through the outbox) run after its commit. Add a moment here, then a listener: never a
 * side effect inside a service.
 */
export interface DomainEventMap {
  "ticket.created": TicketMoment<"create" | "monitoringExecuted">;
  /** Someone took the ticket: accepted while waiting, or reopened by an attendant. */
  "ticket.assigned": TicketMoment<"assigned">;
  /** To another attendant or another queue (by a person, or by routing). */
  "ticket.transferred": TicketMoment<"transferOwner" | "updateQueue">;
  /** `idle`: closed by auto-close for being idle (the satisfaction survey asks its connection whether to follow it). */
  "ticket.closed": TicketMoment<"closed" | "closedByMessageCode"> & { by: ClosedBy; idle?: boolean };
  /** A customer wrote after the ticket closed, within the reopen window: it waits again. */
  "ticket.reopened": TicketMoment<"pending">;
  /** Any other change: back to waiting, a menu step, a participant, another connection. */
  "ticket.updated": TicketMoment<"update" | "pending" | "addParticipant" | "removeParticipant">;
  /** Someone read the ticket: its unread count is 0. */
  "ticket.read": { ticket: TicketVisibility };
  "ticket.deleted": { ticket: TicketVisibility };
  /** Stored from the channel: the customer's message, or one the company's phone sent. */
  "message.received": { ticket: Ticket; message: Message };
  /** Written by Atendo: a reply, a forward, a greeting, a menu, a farewell. */
  "message.sent": { ticket: Ticket; message: Message };
  /** Its delivery state changed (ack, failure) or its text was edited. */
  "message.updated": { ticket: TicketVisibility; message: Message; edit: boolean };
  "message.deleted": { ticket: TicketVisibility; message: Message };
  /**
   * The API channel owes its receiver a POST: an outgoing message it took (published with the
   * hand-over, in its transaction) or the deletion of one. Run once by the webhook listener
   * (channels/api/webhook-listener.ts), whichever instance claims it (docs/decisions/0058).
   */
  "webhook.due": { connectionId: number; messageId: number; event: WebhookPayload["event"] };
  /** A private note written or edited (staff only: no channel, webhook or export hears of it; decision 0073). */
  "note.created": { ticket: TicketVisibility; note: TicketNote };
  "note.updated": { ticket: TicketVisibility; note: TicketNote };
  "note.deleted": { ticket: TicketVisibility; noteId: number };
  /** A user was mentioned in a note (or a mention was read, or went with its note); `unread` is their count now. */
  "mention.created": { userId: number; mention: Mention; unread: number };
  "mention.updated": { userId: number; mention: Mention; unread: number };
  "mention.deleted": { userId: number; mentionId: number; unread: number };
  "contact.created": { contact: Contact };
  "contact.updated": { contact: Contact };
  /** With the tickets that went with it, and who could see each. */
  "contact.deleted": { contactId: number; tickets: readonly TicketVisibility[] };
  "contactImport.progressed": { event: ContactsImportsEvent };
  /** An admin started a contact import (for the audit log; its progress follows as `contactImport.progressed`). */
  "contactImport.started": { import: ContactImport };
  "chat.changed": ChatMoment;
  "connection.changed": { event: ConnectionEvent };
  "connection.status": { event: WhatsappSessionEvent };
  /**
   * A connection stayed away from CONNECTED past the `connectionAlertMinutes` setting, or came
   * back after such an alert (issue 31): each once per incident across instances
   * (jobs/connection-watch.ts marks it in the publishing transaction; docs/decisions/0087).
   */
  "connection.alerted": { incident: ConnectionIncident };
  "connection.recovered": { incident: ConnectionIncident };
  /** A queue changed; its members before and after (their socket rooms move). */
  "queue.changed": { event: QueueEvent; queueId: number; membersBefore: readonly number[]; membersAfter: readonly number[] };
  "user.changed": { event: UserEvent; userId: number };
  "ura.changed": { event: UraEvent };
  "announcement.changed": { event: AnnouncementEvent };
  "bot.changed": { event: BotEvent };
  /** A campaign was created, changed, progressed (at most once a second per instance) or deleted. */
  "campaign.changed": { event: CampaignEvent };
  "monitoring.changed": { event: MonitoringEvent };
  "quickAnswer.changed": { event: QuickAnswerEvent };
  "settings.changed": { event: SettingsEvent };
  /** A scheduled message was written, changed, sent, failed or cancelled (issue 31); `userId` its author. */
  "schedule.changed": { event: ScheduleEvent; userId: number };
  /** An automation rule was created, changed or deleted (issue 33): each instance re-reads its rule cache. */
  "automation.changed": { event: AutomationEvent };
  /**
   * A label was put on a ticket (PUT /tickets/{id}/tags, a bulk tag, an automation's addTag): one
   * event per label newly there, published with the write. The tagAdded trigger (decision 0093).
   */
  "ticket.tagged": { ticket: Ticket; tagId: number };
  /**
   * An active ticket had no activity for `minutes` (a ticketIdle rule's), or one of its SLA targets
   * turned at risk: each announced once per ticket and idle period or clock, across instances
   * (jobs/automation-moments.ts claims it in automation_moments). For the automation rules only.
   */
  "ticket.idle": { ticket: Ticket; minutes: number };
  "ticket.slaAtRisk": { ticket: Ticket; target: SlaTarget; dueAt: string };
  /** A label was defined, changed or deleted (docs/decisions/0072). */
  "tag.changed": { event: TagEvent };
  /** A user's effective presence changed (by hand, or their last socket left or one came back; issue 30). */
  "presence.changed": { userId: number; status: PresenceStatus; before: PresenceStatus };
  /**
   * A ticket's SLA target passed its due time unmet (issue 30): announced once across instances
   * (jobs/sla-breaches.ts claims it), to its owner, its queue's members and admins.
   */
  "ticket.slaBreached": { ticket: TicketVisibility; target: SlaTarget; dueAt: string; contactName: string };
  /** A sign-in step (password, second factor, single sign-on), passed or refused (issue 34). */
  "auth.signIn": SignInAttempt;
  /**
   * Data left the install as a file (issue 34, for the audit log): `kind` names the export
   * (`contacts`, `reports`), `filters` the query it was made with. Published by the export's
   * service once the admin is allowed, before the file streams.
   */
  "data.exported": { kind: ExportKind; filters: Record<string, unknown> };
  /** A user's password or second factor changed (issue 34); never carries the secret itself. */
  "auth.credentialsChanged": { userId: number; change: CredentialChange; byUserId: number | null };
}

export type DomainEventName = keyof DomainEventMap;

/** One published event. */
export type DomainEvent<N extends DomainEventName = DomainEventName> = { [K in N]: { name: K; payload: DomainEventMap[K] } }[N];

/** An event, spelled as its name and payload. */
export function domainEvent<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): DomainEvent<N> {
  return { name, payload } as DomainEvent<N>;
}
