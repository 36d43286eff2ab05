import {
  limits,
  momentOf,
  momentOfOffsetReading,
  readMoment,
  type createScheduleBody,
  type listSchedulesQuery,
  type Schedule,
  type SchedulePage,
  type updateScheduleBody,
} from "@atendo/contracts";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import { pageOf, pageWindow } from "../../db/paging.js";
import { contacts, schedules } from "../../db/schema/index.js";
import type { Upload } from "../media/multipart-form.js";
import { connectionFor } from "../tickets/ticket-create.service.js";
import { assertCanSeeSchedule, visibleSchedules } from "./schedule.policy.js";
import { presentSchedule, presentScheduleById, selectSchedules, type ScheduleRow } from "./schedule.presenter.js";

type CreateSchedule = z.output<typeof createScheduleBody>;
type UpdateSchedule = z.output<typeof updateScheduleBody>;
type ListSchedules = z.output<typeof listSchedulesQuery>;
type RecurrenceInput = NonNullable<CreateSchedule["recurrence"]>;

/** The moment a request's text names: with its offset as written, else on the install's clock. */
function momentOfText(ctx: AppContext, text: string): Date {
  const reading = readMoment(text);
  if (!reading) throw new AppError("ERR_INVALID_DATE");
  return reading.offsetMinutes === undefined ? momentOf(reading, ctx.config.TIME_ZONE) : momentOfOffsetReading({ ...reading, offsetMinutes: reading.offsetMinutes });
}

/** The columns of a sending time and repetition, checked: in the future, and a repetition ending after it. */
function timing(ctx: AppContext, sendAtText: string, recurrence: RecurrenceInput | null | undefined, now: Date) {
  const sendAt = momentOfText(ctx, sendAtText);
  if (sendAt <= now) throw new AppError("ERR_SCHEDULE_IN_PAST");
  const until = recurrence?.until ? momentOfText(ctx, recurrence.until) : null;
  if (until && until < sendAt) throw new AppError("ERR_SCHEDULE_UNTIL_BEFORE_START");
  return {
    sendAt,
    // A new time starts the series again from it.
    anchorAt: sendAt,
    occurrence: 0,
    repeatEvery: recurrence?.every ?? null,
    repeatInterval: recurrence ? recurrence.interval : null,
    repeatUntil: until,
  };
}

async function announce(ctx: AppContext, action: "create" | "update", schedule: Schedule): Promise<Schedule> {
  await ctx.events.emit("schedule.changed", { event: { action, schedule }, userId: schedule.userId });
  return schedule;
}

/** A schedule's file columns: an upload's, or none (media null on PUT). */
type MediaColumns = Pick<ScheduleRow, "mediaName" | "mediaFileName" | "mediaType" | "mimeType">;
const noMedia: MediaColumns = { mediaName: null, mediaFileName: null, mediaType: null, mimeType: null };

/**
 * Writes with an upload kept under its stored name (a schedule's file, which only its pending row
 * holds); a write that fails removes it again, so a refused request leaves no file behind.
 */
async function withKeptUpload<T>(ctx: AppContext, upload: Upload | undefined, write: (media: MediaColumns | undefined) => Promise<T>): Promise<T> {
  if (!upload) return write(undefined);
  const mediaName = await ctx.media.keepTemporary(upload.tempPath, upload.kind.extension);
  try {
    return await write({ mediaName, mediaFileName: upload.fileName, mediaType: upload.kind.mediaType as MediaColumns["mediaType"], mimeType: upload.kind.mimeType });
  } catch (error) {
    await ctx.media.remove(mediaName);
    throw error;
  }
}

async function findSchedule(ctx: AppContext, actor: Actor, id: number): Promise<ScheduleRow> {
  const [row] = await ctx.db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_SCHEDULE_FOUND");
  assertCanSeeSchedule(actor, row);
  return row;
}

/** Pending ones first, soonest first; then the sent and failed, latest first. */
const listOrder = [
  asc(sql`case when ${schedules.status} = 'pending' then 0 else 1 end`),
  asc(sql`case when ${schedules.status} = 'pending' then ${schedules.sendAt} end`),
  desc(schedules.sendAt),
  desc(schedules.id),
];

export async function listSchedules(ctx: AppContext, actor: Actor, query: ListSchedules): Promise<SchedulePage> {
  const { limit, offset } = pageWindow(query.pageNumber, limits.schedulePageSize);
  const where = and(
    visibleSchedules(actor),
    query.mine ? eq(schedules.userId, actor.id) : undefined,
    query.contactId === undefined ? undefined : eq(schedules.contactId, query.contactId),
    query.status === undefined ? undefined : eq(schedules.status, query.status),
  );
  const rows = await selectSchedules(ctx.db, where)
    .orderBy(...listOrder)
    .limit(limit)
    .offset(offset);
  const page = pageOf(rows, limits.schedulePageSize);
  return { schedules: page.items.map(presentSchedule), hasMore: page.hasMore };
}

export async function getSchedule(ctx: AppContext, actor: Actor, id: number): Promise<Schedule> {
  await findSchedule(ctx, actor, id);
  const schedule = await presentScheduleById(ctx.db, id);
  if (!schedule) throw new AppError("ERR_NO_SCHEDULE_FOUND");
  return schedule;
}

/**
 * Any signed-in user schedules a message for any contact, on a connection they may start
 * conversations on; with one file (multipart, checked as a message's) that every occurrence sends
 * its own copy of.
 */
export async function createSchedule(ctx: AppContext, actor: Actor, body: CreateSchedule, upload?: Upload): Promise<Schedule> {
  const [contact] = await ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, body.contactId)).limit(1);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const connectionId = await connectionFor(ctx, actor, body.whatsappId);
  const times = timing(ctx, body.sendAt, body.recurrence, new Date());
  const id = await withKeptUpload(ctx, upload, async (media) => {
    const [row] = await ctx.db
      .insert(schedules)
      .values({ contactId: contact.id, connectionId, userId: actor.id, body: body.body, signed: body.signed, ...media, ...times })
      .returning({ id: schedules.id });
    return row!.id;
  });
  return announce(ctx, "create", (await presentScheduleById(ctx.db, id))!);
}

/** The pending schedule a user may change (404 for another attendant's, 409 once it was sent): checked before an upload is read. */
export async function scheduleToChange(ctx: AppContext, actor: Actor, id: number): Promise<ScheduleRow> {
  const row = await findSchedule(ctx, actor, id);
  if (row.status !== "pending") throw new AppError("ERR_SCHEDULE_NOT_PENDING");
  return row;
}

/**
 * Changes a pending schedule (its author's, or any for an admin). The write holds only while it
 * is still pending (409 once sent); it clears the sending's hold, so an instance that picked the
 * old text does not send it (its claim requires its own hold) and the edited one is picked again.
 * A new file (multipart) or `media: null` replaces its file; the one it had is removed once the
 * change is written.
 */
export async function updateSchedule(ctx: AppContext, actor: Actor, id: number, body: UpdateSchedule, upload?: Upload): Promise<Schedule> {
  const row = await scheduleToChange(ctx, actor, id);
  const now = new Date();
  const connectionId = body.whatsappId === undefined ? undefined : await connectionFor(ctx, actor, body.whatsappId);
  const current = row.repeatEvery === null ? null : { every: row.repeatEvery as RecurrenceInput["every"], interval: row.repeatInterval ?? 1, until: row.repeatUntil?.toISOString() ?? null };
  const retimed = body.sendAt !== undefined || body.recurrence !== undefined;
  const times = retimed ? timing(ctx, body.sendAt ?? row.sendAt.toISOString(), body.recurrence === undefined ? current : body.recurrence, now) : {};
  const replaced = await withKeptUpload(ctx, upload, (media) =>
    ctx.db.transaction(async (tx) => {
      // The file it holds now, read under the row's lock: the one this change lets go of.
      const [held] = await tx
        .select({ mediaName: schedules.mediaName })
        .from(schedules)
        .where(and(eq(schedules.id, id), eq(schedules.status, "pending")))
        .for("update");
      if (!held) throw new AppError("ERR_SCHEDULE_NOT_PENDING");
      const file = media ?? (body.media === null ? noMedia : {});
      await tx
        .update(schedules)
        .set({ ...times, ...file, connectionId, body: body.body, signed: body.signed, heldUntil: null, updatedAt: now })
        .where(eq(schedules.id, id));
      return "mediaName" in file ? held.mediaName : null;
    }),
  );
  if (replaced) await ctx.media.remove(replaced);
  return announce(ctx, "update", (await presentScheduleById(ctx.db, id))!);
}

/**
 * Cancels a pending schedule: it is deleted, and its file with it (the messages sent before, of a
 * repeating one, keep their own copies). A sent or failed one stays as the record of what happened.
 */
export async function deleteSchedule(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await findSchedule(ctx, actor, id);
  const [deleted] = await ctx.db
    .delete(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.status, "pending")))
    .returning({ id: schedules.id, mediaName: schedules.mediaName });
  if (!deleted) throw new AppError("ERR_SCHEDULE_NOT_PENDING");
  if (deleted.mediaName) await ctx.media.remove(deleted.mediaName);
  await ctx.events.emit("schedule.changed", { event: { action: "delete", scheduleId: id }, userId: row.userId });
}
