import { activeTicketStatuses, limits, signedText, type RecurrenceUnit } from "@atendo/contracts";
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import type { Db } from "../../db/client.js";
import { contacts, schedules, tickets, users } from "../../db/schema/index.js";
import { inValues } from "../../db/schema/in-values.js";
import { sendOutgoingOnce, type Draft } from "../messages/delivery/outgoing.service.js";
import { signedForChannel } from "../messages/signature.js";
import { assertReachable } from "../tickets/ticket-create.service.js";
import { ticketMoment } from "../tickets/ticket-events.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import { presentTicket } from "../tickets/ticket.presenter.js";
import { activeTicketOf, type TicketRow } from "../tickets/tickets.repo.js";
import { presentScheduleById, type ScheduleRow } from "./schedule.presenter.js";
import { nextOccurrence } from "./schedule-recurrence.js";

/** Schedules claimed per look: a backlog (after a long stop) is sent in rounds. */
const BATCH = 50;

/**
 * Claims the pending schedules due at `now` that no instance holds, in one statement: their
 * `held_until` moves a lease ahead, so other instances pass them by (FOR UPDATE SKIP LOCKED; one
 * that waited re-reads the row and finds it held). An instance that dies holding them leaves them
 * to whoever looks after the lease. The lease only spares double work: what makes a sending
 * happen once is the claim in the transaction that writes the message (sendSchedule).
 */
async function claimDue(ctx: AppContext, now: Date): Promise<ScheduleRow[]> {
  const due = ctx.db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.status, "pending"), lte(schedules.sendAt, now), or(isNull(schedules.heldUntil), lte(schedules.heldUntil, now))))
    .orderBy(asc(schedules.sendAt))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  return ctx.db
    .update(schedules)
    .set({ heldUntil: new Date(now.getTime() + limits.scheduleLeaseSeconds * 1000) })
    .where(inArray(schedules.id, due))
    .returning();
}

/** The row still carries the hold `row` was claimed with (none when it was read unclaimed). */
function heldBy(row: ScheduleRow) {
  return row.heldUntil === null ? isNull(schedules.heldUntil) : eq(schedules.heldUntil, row.heldUntil);
}

/**
 * Ends a pending occurrence (sent or failed) and writes its series' next one, in `tx`. Holds only
 * when the row is still pending and still held by this claim: its `held_until` is the lease this
 * instance wrote (an edit clears it, and another instance's claim after the lease writes its own),
 * so a text edited meanwhile is not sent and is picked up again. Returns whether it held and the
 * next one's id, and the series' file when the series ends here (the caller removes it once
 * committed). The file moves to the next occurrence's row; the ended row keeps only its name and
 * type, to show what it sent (each sent message has its own copy).
 */
async function endOccurrence(
  ctx: AppContext,
  tx: Db,
  row: ScheduleRow,
  end: { status: "sent" | "failed"; failure: string | null; ticketId: number | null; repeat: boolean },
  now: Date,
): Promise<{ ended: boolean; nextId: number | null; leftFile: string | null }> {
  const [ended] = await tx
    .update(schedules)
    .set({ status: end.status, failure: end.failure, ticketId: end.ticketId, sentAt: end.status === "sent" ? now : null, heldUntil: null, mediaName: null, updatedAt: now })
    .where(and(eq(schedules.id, row.id), eq(schedules.status, "pending"), heldBy(row)))
    .returning({ id: schedules.id });
  if (!ended) return { ended: false, nextId: null, leftFile: null };
  if (!end.repeat || row.repeatEvery === null) return { ended: true, nextId: null, leftFile: row.mediaName };
  const rule = { every: row.repeatEvery as RecurrenceUnit, interval: row.repeatInterval ?? 1, until: row.repeatUntil };
  const next = nextOccurrence(row.anchorAt, rule, row.occurrence, ctx.config.TIME_ZONE, now);
  if (!next) return { ended: true, nextId: null, leftFile: row.mediaName };
  const [inserted] = await tx
    .insert(schedules)
    .values({
      contactId: row.contactId,
      connectionId: row.connectionId,
      userId: row.userId,
      body: row.body,
      mediaName: row.mediaName,
      mediaFileName: row.mediaFileName,
      mediaType: row.mediaType,
      mimeType: row.mimeType,
      signed: row.signed,
      repeatEvery: row.repeatEvery,
      repeatInterval: row.repeatInterval,
      repeatUntil: row.repeatUntil,
      anchorAt: row.anchorAt,
      sendAt: next.sendAt,
      occurrence: next.occurrence,
    })
    .returning({ id: schedules.id });
  return { ended: true, nextId: inserted!.id, leftFile: null };
}

/**
 * The contact's active ticket on the connection, or a new one opened by the lifecycle as a person
 * opens one: open and owned by the schedule's author (pending, for whoever takes it, when the
 * author was deleted since). The number is checked first when the channel can tell.
 */
async function ticketFor(ctx: AppContext, row: ScheduleRow, connectionId: number): Promise<TicketRow> {
  const [contact] = await ctx.db
    .select({ id: contacts.id, number: contacts.number, isGroup: contacts.isGroup })
    .from(contacts)
    .where(eq(contacts.id, row.contactId))
    .limit(1);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const active = await activeTicketOf(ctx.db, contact.id, connectionId);
  if (active) return active;
  await assertReachable(ctx, connectionId, contact);
  const [author] = await ctx.db.select({ isDeleted: users.isDeleted }).from(users).where(eq(users.id, row.userId)).limit(1);
  const owner = author && !author.isDeleted ? row.userId : null;
  const [inserted] = await ctx.db
    .insert(tickets)
    .values({ contactId: contact.id, connectionId, isGroup: contact.isGroup, ...lifecycle.openedByPerson(owner, null, new Date()) })
    .onConflictDoNothing({ target: [tickets.contactId, tickets.connectionId], where: inValues(tickets.status, activeTicketStatuses) })
    .returning();
  if (inserted) {
    await ctx.events.publish(ticketMoment(await presentTicket(ctx.db, inserted.id), "create"));
    return inserted;
  }
  // Another sending or an inbound message started one meanwhile; closed again since: start over.
  return (await activeTicketOf(ctx.db, contact.id, connectionId)) ?? ticketFor(ctx, row, connectionId);
}

async function announceChanged(ctx: AppContext, ids: readonly (number | null)[]): Promise<void> {
  for (const id of ids) {
    if (id === null) continue;
    const schedule = await presentScheduleById(ctx.db, id);
    if (schedule) await ctx.events.emit("schedule.changed", { event: { action: id === ids[0] ? "update" : "create", schedule }, userId: schedule.userId });
  }
}

/** A claimed schedule that cannot be sent: failed with the code, its series going on (unless its connection is gone for good). */
async function fail(ctx: AppContext, row: ScheduleRow, code: string, now: Date): Promise<void> {
  const repeat = code !== "ERR_NO_WAPP_FOUND";
  const { ended, nextId, leftFile } = await ctx.db.transaction((tx) => endOccurrence(ctx, tx, row, { status: "failed", failure: code, ticketId: null, repeat }, now));
  if (leftFile) await ctx.media.remove(leftFile);
  if (ended) await announceChanged(ctx, [row.id, nextId]);
}

/**
 * The occurrence's message as its author would have typed it: signed (when the schedule says so)
 * with the author's signature as it stands now, through the reply path's signing
 * (signedForChannel: the connection's format), and with its own link copy of the series' file.
 */
async function draftOf(ctx: AppContext, row: ScheduleRow, connectionId: number): Promise<{ draft: Draft; signature: string | null }> {
  const [author] = await ctx.db.select({ name: users.name, extension: users.extension }).from(users).where(eq(users.id, row.userId)).limit(1);
  const signer = row.signed && author ? { name: author.name, extension: author.extension } : null;
  const body = signer ? signedText(row.body, signer) : row.body;
  // Every message owns its file (a message's file goes with the message): a link, not a copy of the bytes.
  const draft: Draft =
    row.mediaName && row.mediaType
      ? { body, mediaType: row.mediaType, mediaName: await ctx.media.linkCopy(row.mediaName), mimeType: row.mimeType ?? "application/octet-stream", fileName: row.mediaFileName ?? row.mediaName }
      : { body, mediaType: "chat" };
  if (!signer) return { draft, signature: null };
  const signed = await signedForChannel(ctx, signer, connectionId, [draft]);
  return { draft: signed.drafts[0]!, signature: signed.signature };
}

/**
 * Sends one claimed schedule: the connection's pace first (no slot: it stays pending, held until
 * the slot's time — a wait, not a failure), then the ticket, then the message through the one
 * outgoing writer, written in the transaction that marks the schedule sent while still pending
 * and unchanged (`sendOutgoingOnce`), so a rerun — another instance, a restart — never sends it
 * twice. A channel's refusal marks it failed with the channel's code.
 */
export async function sendSchedule(ctx: AppContext, row: ScheduleRow, now = new Date()): Promise<void> {
  try {
    if (row.connectionId === null) throw new AppError("ERR_NO_WAPP_FOUND");
    const connectionId = row.connectionId;
    const slot = await ctx.pace.take(connectionId, "scheduled", now);
    if (!slot.granted) {
      await ctx.db
        .update(schedules)
        .set({ heldUntil: slot.retryAt })
        .where(and(eq(schedules.id, row.id), eq(schedules.status, "pending"), heldBy(row)));
      return;
    }
    const ticket = await ticketFor(ctx, row, connectionId);
    const { draft, signature } = await draftOf(ctx, row, connectionId);
    let nextId: number | null = null;
    let leftFile: string | null = null;
    let sent: Awaited<ReturnType<typeof sendOutgoingOnce>> | undefined;
    try {
      sent = await sendOutgoingOnce(ctx, ticket, [draft], { userId: row.userId, lastMessage: true, paced: true, signature }, async (tx) => {
        const end = await endOccurrence(ctx, tx, row, { status: "sent", failure: null, ticketId: ticket.id, repeat: true }, now);
        nextId = end.nextId;
        leftFile = end.leftFile;
        return end.ended;
      });
    } finally {
      // The message's copy goes with a message that was not written.
      if (!sent && draft.mediaName) await ctx.media.remove(draft.mediaName);
    }
    // Not ours any more: sent by another instance, claimed again by one after the lease, or
    // edited meanwhile (the edit cleared the hold, so the next look picks the new text).
    if (!sent) return;
    // The series ended with this one: its file is no one's now (the message has its own copy).
    if (leftFile) await ctx.media.remove(leftFile);
    if (sent.failure) await ctx.db.update(schedules).set({ status: "failed", failure: sent.failure.code }).where(eq(schedules.id, row.id));
    await announceChanged(ctx, [row.id, nextId]);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await fail(ctx, row, error.code, now);
  }
}

/**
 * One look for due schedules (the `schedules` job, each instance every limits.schedulePollMs):
 * claims them and sends each. Returns how many it claimed. A schedule that throws something
 * unexpected is logged and left held: it is tried again after the lease.
 */
export async function sendDueSchedules(ctx: AppContext, now = new Date()): Promise<number> {
  let claimed = 0;
  for (;;) {
    const rows = await claimDue(ctx, now);
    claimed += rows.length;
    for (const row of rows) {
      try {
        await sendSchedule(ctx, row, now);
      } catch (error) {
        ctx.log.error({ err: error, scheduleId: row.id }, "scheduled message not sent");
      }
    }
    if (rows.length < BATCH) return claimed;
  }
}
