import type { Db } from "../db/client.js";
import type { TicketMoment } from "../events/domain-events.js";
import type { DomainEvents } from "../events/event-bus.js";
import { audienceOf, slaAudience, visibilityOf } from "../modules/tickets/ticket-events.js";
import { mergeAudiences } from "../modules/tickets/ticket.policy.js";
import { queueIdsOfUser } from "../modules/queues/memberships.repo.js";
import { moveQueueRooms } from "../modules/queues/queue-rooms.js";
import type { Realtime } from "./realtime.js";

/**
 * Socket delivery: every domain event that a screen shows becomes its spec §7 socket event, sent
 * only to who may see it — a ticket's audience from the tickets policy (and, when it changed hands,
 * also who saw it before, so it leaves their lists), team data to admins or to every signed-in
 * user as decision 0008 says. The only place that calls `realtime.emit`.
 */
export function listenWithSockets(events: DomainEvents, realtime: Realtime, db: Db): void {
  const ticketMoment = ({ ticket, transition, before }: TicketMoment) => {
    const now = audienceOf(visibilityOf(ticket));
    realtime.emit(before ? mergeAudiences(now, audienceOf(before)) : now, "ticket", { action: transition, ticket });
  };
  events.on(["ticket.created", "ticket.assigned", "ticket.transferred", "ticket.closed", "ticket.reopened", "ticket.updated"], "sockets", ticketMoment);
  events.on("ticket.read", "sockets", ({ ticket }) => realtime.emit(audienceOf(ticket), "ticket", { action: "updateUnread", ticketId: ticket.id }));
  // A missed SLA target: to the owner, the queue's members and admins (slaAudience), whatever its status.
  events.on("ticket.slaBreached", "sockets", ({ ticket, target, dueAt }) =>
    realtime.emit(slaAudience(ticket), "slaBreached", { action: "breached", ticketId: ticket.id, target, dueAt }),
  );
  events.on("ticket.deleted", "sockets", ({ ticket }) => realtime.emit(audienceOf(ticket), "ticket", { action: "delete", ticketId: ticket.id }));

  events.on(["message.received", "message.sent"], "sockets", ({ ticket, message }) =>
    realtime.emit(audienceOf(visibilityOf(ticket)), "appMessage", { action: "create", message, ticket, contact: ticket.contact }),
  );
  events.on("message.updated", "sockets", ({ ticket, message, edit }) => realtime.emit(audienceOf(ticket), "appMessage", { action: edit ? "edit" : "update", message }));
  events.on("message.deleted", "sockets", ({ ticket, message }) => realtime.emit(audienceOf(ticket), "appMessage", { action: "update", message }));

  // Private notes go where the ticket's messages go (its audience); a mention only to the one mentioned.
  events.on(["note.created", "note.updated"], "sockets", ({ ticket, note }, name) =>
    realtime.emit(audienceOf(ticket), "note", { action: name === "note.created" ? "create" : "update", note }),
  );
  events.on("note.deleted", "sockets", ({ ticket, noteId }) => realtime.emit(audienceOf(ticket), "note", { action: "delete", noteId, ticketId: ticket.id }));
  events.on(["mention.created", "mention.updated"], "sockets", ({ userId, mention, unread }, name) =>
    realtime.emit({ userIds: [userId] }, "mention", { action: name === "mention.created" ? "create" : "update", mention, unread }),
  );
  events.on("mention.deleted", "sockets", ({ userId, mentionId, unread }) => realtime.emit({ userIds: [userId] }, "mention", { action: "delete", mentionId, unread }));

  // Contacts are visible to every user (spec §2): every signed-in user hears of them.
  events.on(["contact.created", "contact.updated"], "sockets", ({ contact }, name) =>
    realtime.emit({ everyone: true }, "contact", { action: name === "contact.created" ? "create" : "update", contact }),
  );
  events.on("contact.deleted", "sockets", ({ contactId, tickets }) => {
    realtime.emit({ everyone: true }, "contact", { action: "delete", contactId });
    for (const ticket of tickets) realtime.emit(audienceOf(ticket), "ticket", { action: "delete", ticketId: ticket.id });
  });

  // Internal chats: each participant gets their own view, show-all readers (admins, supervisors) the outsider's (docs/decisions/0038, 0099).
  events.on("chat.changed", "sockets", ({ name, participantIds, alsoTo, admins, payloadFor }) => {
    const recipients = [...new Set([...participantIds, ...(alsoTo ?? [])])];
    for (const userId of recipients) realtime.emit({ userIds: [userId] }, name, payloadFor(userId));
    if (admins !== false) realtime.emit({ supervision: true, exceptUserIds: recipients }, name, payloadFor(null));
  });

  // A queue's members before and after hear of it; their sockets move rooms first, so the next ticket event is right.
  events.on("queue.changed", "sockets", ({ event, queueId, membersBefore, membersAfter }) => {
    const members = [...new Set([...membersBefore, ...membersAfter])];
    for (const userId of members) moveQueueRooms(realtime, userId, membersBefore.includes(userId) ? [queueId] : [], membersAfter.includes(userId) ? [queueId] : []);
    realtime.emit({ supervision: true, userIds: members }, "queue", event);
  });
  // A user's presence: to supervision (the live monitor), to the user's other tabs and to the members of their queues (decision 0078).
  events.on("presence.changed", "sockets", async ({ userId, status }) =>
    realtime.emit({ supervision: true, userIds: [userId], queueIds: await queueIdsOfUser(db, userId) }, "presence", { action: "update", userId, status }),
  );
  events.on("user.changed", "sockets", ({ event, userId }) => realtime.emit({ admins: true, userIds: [userId] }, "user", event));
  events.on("quickAnswer.changed", "sockets", ({ event }) => realtime.emit({ everyone: true }, "quickAnswer", event));
  // Every user's scheduled messages are a supervisor's too (schedules:manageAll).
  events.on("schedule.changed", "sockets", ({ event, userId }) => realtime.emit({ supervision: true, userIds: [userId] }, "schedule", event));
  // Labels are chosen by everyone: every signed-in user hears of them (docs/decisions/0072).
  events.on("tag.changed", "sockets", ({ event }) => realtime.emit({ everyone: true }, "tag", event));
  events.on("connection.changed", "sockets", ({ event }) => realtime.emit({ admins: true }, "whatsapp", event));
  events.on("connection.status", "sockets", ({ event }) => realtime.emit({ admins: true }, "whatsappSession", event));
  events.on("connection.alerted", "sockets", ({ incident }) => realtime.emit({ admins: true }, "connectionIncident", { action: "alerted", incident }));
  events.on("connection.recovered", "sockets", ({ incident }) => realtime.emit({ admins: true }, "connectionIncident", { action: "recovered", incident }));
  events.on("ura.changed", "sockets", ({ event }) => realtime.emit({ admins: true }, "ura", event));
  events.on("announcement.changed", "sockets", ({ event }) => realtime.emit({ admins: true }, "announcement", event));
  events.on("bot.changed", "sockets", ({ event }) => realtime.emit({ admins: true }, "bot", event));
  events.on("campaign.changed", "sockets", ({ event }) => realtime.emit({ admins: true }, "campaign", event));
  events.on("monitoring.changed", "sockets", ({ event }) => realtime.emit({ admins: true }, "monitoring", event));
  events.on("settings.changed", "sockets", ({ event }) => realtime.emit({ admins: true }, "settings", event));
  events.on("contactImport.progressed", "sockets", ({ event }) => realtime.emit({ admins: true }, "ContactsImports", event));
}
