import { z } from "zod";
import { looseId, positiveId, positiveWholeText, queryFlag, timestamps } from "./common.js";
import { acceptedYears, readMoment } from "./dates.js";
import { entityEvent } from "./entity-event.js";
import { failsWith } from "./errors.js";
import { limits } from "./limits.js";

/**
 * Scheduled messages (issue 31, docs/decisions/0084): a text an attendant writes now for the
 * contact to receive later, once or repeating, on the install's clock (TIME_ZONE).
 */
export const scheduleStatuses = ["pending", "sent", "failed"] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

export const recurrenceUnits = ["day", "week", "month"] as const;
export type RecurrenceUnit = (typeof recurrenceUnits)[number];

/**
 * Why a schedule failed: a catalogued error code (the channel's refusal, ERR_NO_WAPP_FOUND when
 * its connection was deleted, ERR_WAPP_INVALID_CONTACT…), so the web translates it like any error.
 */
export const scheduleFailure = z.string();

/**
 * A moment as a request names it: `yyyy-mm-ddThh:mm[:ss]` on the install's clock (as a
 * datetime-local field gives), or with its offset (`Z`, `±hh:mm`); a real date of the accepted years.
 */
export const scheduleMoment = z
  .string()
  .refine((text) => readMoment(text) !== null, failsWith("ERR_INVALID_DATE", `not a date and time (yyyy-mm-ddThh:mm, offset optional) of the years ${acceptedYears}`));

export const recurrence = z.object({
  every: z.enum(recurrenceUnits),
  interval: z.number().int().min(limits.scheduleInterval.min).max(limits.scheduleInterval.max).default(1),
  /** The last moment an occurrence may fall on (inclusive); none: until cancelled. */
  until: scheduleMoment.nullish(),
});
export type Recurrence = z.input<typeof recurrence>;

/** The file a schedule sends (each message its own copy): its name as uploaded and its kind. */
export const scheduleMedia = z.object({
  fileName: z.string(),
  mediaType: z.enum(["image", "audio", "video", "document"]),
  mimeType: z.string(),
});
export type ScheduleMedia = z.infer<typeof scheduleMedia>;

export const schedule = z.object({
  id: z.number(),
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  /** The connection it leaves through; null once that connection was deleted. */
  whatsappId: z.number().nullable(),
  userId: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
  body: z.string(),
  /** Its file, or null (text only). A sent or failed one still names the file it sent. */
  media: scheduleMedia.nullable(),
  /** Sent with the author's signature as their channel writes it (as a typed reply with the composer's signature on). */
  signed: z.boolean(),
  /** ISO 8601 (UTC). */
  sendAt: z.string(),
  recurrence: z.object({ every: z.enum(recurrenceUnits), interval: z.number(), until: z.string().nullable() }).nullable(),
  status: z.enum(scheduleStatuses),
  /** The error code it failed with (status failed), else null. */
  failure: scheduleFailure.nullable(),
  sentAt: z.string().nullable(),
  /** The ticket it was written to, once sent. */
  ticketId: z.number().nullable(),
  ...timestamps,
});
export type Schedule = z.infer<typeof schedule>;

const body = z.string().trim().min(1).max(limits.messageBodyMax);

/**
 * POST /schedules. `whatsappId` absent: the author's connection, else the default (as a new
 * ticket's). JSON, or multipart/form-data with these fields as `data` (JSON) and one file in
 * `media` (checked as a message's: media 16 MB, documents 100 MB, type read from the content).
 * `signed`: sent with the author's signature as it stands at sending (the web passes its
 * composer's signature toggle); absent: as written.
 */
export const createScheduleBody = z.object({
  contactId: looseId,
  whatsappId: looseId.nullish(),
  body,
  sendAt: scheduleMoment,
  recurrence: recurrence.nullish(),
  signed: z.boolean().default(false),
});
export type CreateScheduleBody = z.input<typeof createScheduleBody>;

/**
 * PUT /schedules/{id}, while pending: the fields given change (recurrence null: sent once;
 * `media` null: its file is removed). Multipart as POST's: a `media` file replaces its file.
 */
export const updateScheduleBody = z.object({
  whatsappId: looseId.optional(),
  body: body.optional(),
  sendAt: scheduleMoment.optional(),
  recurrence: recurrence.nullable().optional(),
  signed: z.boolean().optional(),
  media: z.null().optional(),
});
export type UpdateScheduleBody = z.input<typeof updateScheduleBody>;

/**
 * GET /schedules: pending ones first, soonest first, then the sent and failed, latest first;
 * `mine` only the caller's (attendants see only theirs anyway). A page holds limits.schedulePageSize.
 */
export const listSchedulesQuery = z.object({
  contactId: positiveId.optional(),
  status: z.enum(scheduleStatuses).optional(),
  mine: queryFlag,
  pageNumber: positiveWholeText(100_000).default(1),
});
export type ListSchedulesQuery = z.input<typeof listSchedulesQuery>;

export const schedulePage = z.object({ schedules: z.array(schedule), hasMore: z.boolean() });
export type SchedulePage = z.infer<typeof schedulePage>;

/** `schedule` socket event: to its author and to admins. */
export const scheduleEvent = entityEvent("schedule", schedule);
export type ScheduleEvent = z.infer<typeof scheduleEvent>;
