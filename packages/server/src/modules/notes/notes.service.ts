import { can, type Mention, type MentionCandidates, type noteBody, type TicketNote } from "@atendo/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { messages, noteMentions, ticketNotes } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent, type DomainEvent, type TicketVisibility } from "../../events/domain-events.js";
import { visibilityBefore } from "../tickets/ticket-events.js";
import { assertCanSeeTicket } from "../tickets/ticket.policy.js";
import { findTicketRow, participantIdsOf, type TicketRow } from "../tickets/tickets.repo.js";
import { presentNote, type NoteRow } from "./note.presenter.js";
import { ticketViewers } from "./ticket-viewers.js";
import { presentMentions, unreadMentions } from "../mentions/mention.presenter.js";

type ParsedNoteBody = z.output<typeof noteBody>;

/**
 * Private notes of a ticket (decision 0073). Whoever may see the ticket may write one (the
 * tickets rule, seesTicket); its author edits it; its author or an admin deletes it. A note is
 * written to its own table and announced as a `note.*` event only: nothing here touches the
 * ticket's messages, last message or unread count, so no channel, webhook or export meets it.
 */

/** A ticket the actor may see, and who may see it now (the note events' audience). */
async function visibleTicket(ctx: AppContext, actor: Actor, ticketId: number): Promise<{ row: TicketRow; visibility: TicketVisibility }> {
  const row = await findTicketRow(ctx.db, ticketId);
  await assertCanSeeTicket(ctx.db, actor, row);
  return { row, visibility: visibilityBefore(row, await participantIdsOf(ctx.db, row.id)) };
}

/**
 * The users a note mentions, each of whom must be active (404 ERR_NO_USER_FOUND) and able to
 * see the ticket (409 ERR_MENTION_NOT_VISIBLE: the web offers to add them as participants). The
 * author mentioning themselves is no news to anyone: left out.
 */
async function mentionable(db: Db, ticket: TicketRow, actor: Actor, userIds: readonly number[]): Promise<number[]> {
  const ids = userIds.filter((id) => id !== actor.id);
  const viewers = await ticketViewers(db, ticket, ids);
  if (viewers.length < ids.length) throw new AppError("ERR_NO_USER_FOUND");
  if (viewers.some((viewer) => !viewer.seesTicket)) throw new AppError("ERR_MENTION_NOT_VISIBLE");
  return ids;
}

/** Mentions written with a note, as events for each user mentioned (their count after the write). */
async function mentionEvents(tx: Db, noteId: number, userIds: readonly number[]): Promise<DomainEvent[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(noteMentions)
    .values(userIds.map((userId) => ({ noteId, userId })))
    .onConflictDoNothing()
    .returning();
  const presented: Mention[] = await presentMentions(tx, rows);
  return Promise.all(
    presented.map(async (mention, i) => {
      const userId = rows[i]!.userId;
      return domainEvent("mention.created", { userId, mention, unread: await unreadMentions(tx, userId) });
    }),
  );
}

/** POST /tickets/{id}/notes. */
export async function createNote(ctx: AppContext, actor: Actor, ticketId: number, body: ParsedNoteBody): Promise<TicketNote> {
  const { row, visibility } = await visibleTicket(ctx, actor, ticketId);
  const mentioned = await mentionable(ctx.db, row, actor, body.mentionedUserIds ?? []);
  return writeNote(ctx, visibility, actor.id, body.body, mentioned);
}

/**
 * A note the server writes (an automation rule's addNote, decision 0093): no author, no mention,
 * announced as any note to who may see the ticket.
 */
export async function createAutomaticNote(ctx: AppContext, ticketId: number, body: string): Promise<TicketNote> {
  const row = await findTicketRow(ctx.db, ticketId);
  return writeNote(ctx, visibilityBefore(row, await participantIdsOf(ctx.db, row.id)), null, body, []);
}

/** Writes a note after the newest message, with its mentions, and announces it. */
function writeNote(ctx: AppContext, visibility: TicketVisibility, userId: number | null, body: string, mentioned: readonly number[]): Promise<TicketNote> {
  const ticketId = visibility.id;
  return ctx.events.transaction(async (tx, publish) => {
    const [newest] = await tx.select({ id: messages.id }).from(messages).where(eq(messages.ticketId, ticketId)).orderBy(desc(messages.id)).limit(1);
    const [inserted] = await tx
      .insert(ticketNotes)
      .values({ ticketId, userId, body, afterMessageId: newest?.id ?? null })
      .returning();
    const mentions = await mentionEvents(tx, inserted!.id, mentioned);
    const note = await presentNote(tx, inserted!);
    publish(domainEvent("note.created", { ticket: visibility, note }), ...mentions);
    return note;
  });
}

/** The note of a ticket, or 404 ERR_NOTE_NOT_FOUND (also for a note of another ticket). */
async function noteOf(db: Db, ticketId: number, noteId: number): Promise<NoteRow> {
  const [note] = await db
    .select()
    .from(ticketNotes)
    .where(and(eq(ticketNotes.id, noteId), eq(ticketNotes.ticketId, ticketId)))
    .limit(1);
  if (!note) throw new AppError("ERR_NOTE_NOT_FOUND");
  return note;
}

/** PUT /tickets/{id}/notes/{noteId}: its author only. Users newly mentioned are notified; earlier mentions stay. */
export async function updateNote(ctx: AppContext, actor: Actor, ticketId: number, noteId: number, body: ParsedNoteBody): Promise<TicketNote> {
  const { row, visibility } = await visibleTicket(ctx, actor, ticketId);
  const existing = await noteOf(ctx.db, ticketId, noteId);
  if (existing.userId !== actor.id) throw new AppError("ERR_NO_PERMISSION");
  const mentioned = await mentionable(ctx.db, row, actor, body.mentionedUserIds ?? []);
  return ctx.events.transaction(async (tx, publish) => {
    const [updated] = await tx
      .update(ticketNotes)
      .set({ body: body.body, isEdited: true, updatedAt: new Date() })
      .where(eq(ticketNotes.id, noteId))
      .returning();
    if (!updated) throw new AppError("ERR_NOTE_NOT_FOUND");
    const mentions = await mentionEvents(tx, noteId, mentioned);
    const note = await presentNote(tx, updated);
    publish(domainEvent("note.updated", { ticket: visibility, note }), ...mentions);
    return note;
  });
}

/** DELETE /tickets/{id}/notes/{noteId}: its author, or an admin or supervisor (team-content:moderate). Its mentions go with it. */
export async function deleteNote(ctx: AppContext, actor: Actor, ticketId: number, noteId: number): Promise<void> {
  const { visibility } = await visibleTicket(ctx, actor, ticketId);
  const existing = await noteOf(ctx.db, ticketId, noteId);
  if (existing.userId !== actor.id && !can(actor.profile, "team-content:moderate")) throw new AppError("ERR_NO_PERMISSION");
  await ctx.events.transaction(async (tx, publish) => {
    const gone = await tx.delete(noteMentions).where(eq(noteMentions.noteId, noteId)).returning({ id: noteMentions.id, userId: noteMentions.userId });
    const [deleted] = await tx.delete(ticketNotes).where(eq(ticketNotes.id, noteId)).returning({ id: ticketNotes.id });
    if (!deleted) return;
    const counts = await Promise.all(gone.map((m) => unreadMentions(tx, m.userId)));
    publish(
      domainEvent("note.deleted", { ticket: visibility, noteId }),
      ...gone.map((m, i) => domainEvent("mention.deleted", { userId: m.userId, mentionId: m.id, unread: counts[i]! })),
    );
  });
}

/** GET /tickets/{id}/mention-candidates: for who may see the ticket. */
export async function mentionCandidates(ctx: AppContext, actor: Actor, ticketId: number): Promise<MentionCandidates> {
  const { row } = await visibleTicket(ctx, actor, ticketId);
  return { users: (await ticketViewers(ctx.db, row)).filter((user) => user.id !== actor.id) };
}
