import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { auditEntries, users } from "../../db/schema/index.js";
import type { DomainEvents } from "../../events/event-bus.js";
import { currentRequest, type RequestContext } from "../../core/request-context.js";
import { auditedEvents, auditMoment, type AuditMoment } from "./audit-moments.js";
import { changesBetween, redact, type Snapshot } from "./audit-snapshot.js";

interface Who {
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
}

/** The person behind the moment as they are named now (kept as it was then). */
async function whoOf(db: Db, moment: AuditMoment, request: RequestContext | undefined): Promise<Who | null> {
  const actor = request?.actor;
  if (!moment.subject) return actor ? { userId: actor.id, userName: actor.name, userEmail: actor.email } : null;
  const { userId, email } = moment.subject;
  if (userId === null) return { userId: null, userName: null, userEmail: email ?? null };
  if (actor?.id === userId) return { userId, userName: actor.name, userEmail: actor.email };
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { userId, userName: row?.name ?? null, userEmail: email ?? row?.email ?? null };
}

/**
 * The entity as its last entry with a state left it (what "before" means for this change): entries
 * without one (a password change, a sign-in) say nothing of the entity's fields.
 */
async function lastSnapshot(db: Db, entityType: string, entityId: string): Promise<Snapshot | undefined> {
  const [row] = await db
    .select({ snapshot: auditEntries.snapshot })
    .from(auditEntries)
    .where(and(eq(auditEntries.entityType, entityType), eq(auditEntries.entityId, entityId), isNotNull(auditEntries.snapshot)))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return row?.snapshot ?? undefined;
}

/** Writes the entry of one moment on `db` (the publishing transaction). */
async function record(db: Db, moment: AuditMoment, request: RequestContext | undefined): Promise<void> {
  const who = await whoOf(db, moment, request);
  // Without a subject, only a signed-in person's change is an admin change (not a job's or a driver's).
  if (!who) return;
  let changes = null;
  let snapshot: Snapshot | null = null;
  if (moment.after !== undefined && moment.entityType && moment.entityId) {
    snapshot = moment.after === null ? null : (redact(moment.after) as Snapshot);
    const before = await lastSnapshot(db, moment.entityType, moment.entityId);
    changes = changesBetween(before, snapshot ?? undefined);
  }
  await db.insert(auditEntries).values({
    ...who,
    ip: request?.ip ?? null,
    userAgent: request?.userAgent ?? null,
    action: moment.action,
    entityType: moment.entityType,
    entityId: moment.entityId,
    changes,
    details: moment.details ? (redact(moment.details) as Record<string, unknown>) : null,
    snapshot,
  });
}

/**
 * The audit log (docs/decisions/0097): an entry per audited event, written by the publishing
 * write's own transaction (an in-write listener), so an entry exists exactly when its change
 * committed. Who and from where come from the request (http/request-context.ts).
 */
export function listenWithAudit(events: DomainEvents): void {
  events.inWrite(auditedEvents, (db, payload, name) => {
    const request = currentRequest();
    return record(db, auditMoment(name, payload, request !== undefined), request);
  });
}
