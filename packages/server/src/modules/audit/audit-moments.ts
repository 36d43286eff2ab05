import type { DomainEventMap, DomainEventName } from "../../events/domain-events.js";
import type { Snapshot } from "./audit-snapshot.js";

/** What an event says for the audit log, before who and where are added (audit-listener.ts). */
export interface AuditMoment {
  /** `<entity>.created|updated|deleted`, or the event's own name. */
  action: string;
  entityType: string | null;
  entityId: string | null;
  /** The entity as it stands after (diffed against the entity's last entry); null: deleted; undefined: no state kept. */
  after?: Snapshot | null;
  details?: Record<string, unknown>;
  /**
   * Who, when not the request's signed-in user: the user signing in, the one whose password a
   * reset link changed, or nobody (the command line). Events without it are recorded only when a
   * signed-in person made them (a job's or a driver's changes are not admin changes).
   */
  subject?: { userId: number | null; email?: string };
}

/**
 * The admin-changed entities whose events are `{action, <key>: record}` or `{action: "delete",
 * <key>Id: id}` (contracts entityEvent), by event name: the entity's name in the log and its key.
 */
const entityEvents = {
  "user.changed": { type: "user", key: "user" },
  "queue.changed": { type: "queue", key: "queue" },
  "connection.changed": { type: "connection", key: "whatsapp" },
  "ura.changed": { type: "ura", key: "ura" },
  "announcement.changed": { type: "announcement", key: "announcement" },
  "bot.changed": { type: "bot", key: "bot" },
  "monitoring.changed": { type: "monitoring", key: "monitoring" },
  "quickAnswer.changed": { type: "quickAnswer", key: "quickAnswer" },
  "tag.changed": { type: "tag", key: "tag" },
  "automation.changed": { type: "automation", key: "automation" },
  "campaign.changed": { type: "campaign", key: "campaign" },
} as const satisfies Partial<Record<DomainEventName, { type: string; key: string }>>;

type EntityEventName = keyof typeof entityEvents;

/** Every event the audit log records. */
export const auditedEvents = [
  ...(Object.keys(entityEvents) as EntityEventName[]),
  "settings.changed",
  "ticket.deleted",
  "contact.deleted",
  "message.deleted",
  "contactImport.started",
  "data.exported",
  "auth.signIn",
  "auth.credentialsChanged",
] as const satisfies readonly DomainEventName[];

export type AuditedEventName = (typeof auditedEvents)[number];

const pastTense = { create: "created", update: "updated", delete: "deleted" } as const;

function entityMoment(name: EntityEventName, event: { action: "create" | "update" | "delete" } & Record<string, unknown>): AuditMoment {
  const { type, key } = entityEvents[name];
  if (event.action === "delete") return { action: `${type}.deleted`, entityType: type, entityId: String(event[`${key}Id`]), after: null };
  const record = event[key] as Snapshot & { id: number };
  return { action: `${type}.${pastTense[event.action]}`, entityType: type, entityId: String(record.id), after: record };
}

/** The log's reading of one audited event. */
export function auditMoment<N extends AuditedEventName>(name: N, payload: DomainEventMap[N], inRequest: boolean): AuditMoment {
  if (name in entityEvents) return entityMoment(name as EntityEventName, (payload as { event: never }).event);
  const p = payload as DomainEventMap[Exclude<AuditedEventName, EntityEventName>];
  switch (name) {
    case "settings.changed": {
      const { setting } = (p as DomainEventMap["settings.changed"]).event;
      return { action: "setting.updated", entityType: "setting", entityId: setting.key, after: { [setting.key]: setting.value } };
    }
    case "ticket.deleted": {
      const { ticket } = p as DomainEventMap["ticket.deleted"];
      return { action: name, entityType: "ticket", entityId: String(ticket.id), details: { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId } };
    }
    case "contact.deleted": {
      const { contactId, tickets } = p as DomainEventMap["contact.deleted"];
      return { action: name, entityType: "contact", entityId: String(contactId), details: { ticketIds: tickets.map((t) => t.id) } };
    }
    case "message.deleted": {
      const { ticket, message } = p as DomainEventMap["message.deleted"];
      return { action: name, entityType: "message", entityId: String(message.id), details: { ticketId: ticket.id } };
    }
    case "contactImport.started": {
      const { import: started } = p as DomainEventMap["contactImport.started"];
      return { action: name, entityType: "contactImport", entityId: String(started.id), details: { fileName: started.fileName, totalCount: started.totalCount } };
    }
    case "data.exported": {
      const { kind, filters } = p as DomainEventMap["data.exported"];
      return { action: name, entityType: kind, entityId: null, details: { filters } };
    }
    case "auth.signIn": {
      const attempt = p as DomainEventMap["auth.signIn"];
      return {
        action: name,
        entityType: "user",
        entityId: attempt.userId === null ? null : String(attempt.userId),
        details: { method: attempt.method, outcome: attempt.outcome, ...(attempt.reason ? { reason: attempt.reason } : {}) },
        subject: { userId: attempt.userId, email: attempt.email },
      };
    }
    default: {
      const changed = p as DomainEventMap["auth.credentialsChanged"];
      return {
        action: "auth.credentialsChanged",
        entityType: "user",
        entityId: String(changed.userId),
        details: { change: changed.change },
        // An admin's change, else one's own (a reset link signs nobody in), else the command line's.
        subject: { userId: changed.byUserId ?? (inRequest ? changed.userId : null) },
      };
    }
  }
}
