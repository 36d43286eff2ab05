import { dateTimeInputBounds, limits, type CreateScheduleBody, type RecurrenceUnit, type Schedule } from "@atendo/contracts";
import { dateTimeLocal } from "../../../lib/date-format";
import { zonedMoment } from "../../../lib/time-zone";

/** What the schedule form edits: times as datetime-local texts on the install's clock. */
export interface ScheduleDraft {
  body: string;
  sendAt: string;
  repeat: RecurrenceUnit | "never";
  interval: number;
  until: string;
  /** Signed with the author's name when sent (the composer's signature toggle, on by default). */
  signed: boolean;
}

export type DraftProblem = "body" | "sendAt" | "past" | "interval" | "until" | "file";

/** A new schedule's time: the next whole hour, at least 30 minutes away. */
function nextHour(now: Date): Date {
  const at = new Date(now.getTime() + 30 * 60_000);
  at.setUTCMinutes(0, 0, 0);
  return new Date(at.getTime() + 3_600_000);
}

export function draftOf(schedule: Schedule | null, body = "", now = new Date(), signed = true): ScheduleDraft {
  if (!schedule) return { body, sendAt: dateTimeLocal(nextHour(now)), repeat: "never", interval: 1, until: "", signed };
  return {
    body: schedule.body,
    sendAt: dateTimeLocal(new Date(schedule.sendAt)),
    repeat: schedule.recurrence?.every ?? "never",
    interval: schedule.recurrence?.interval ?? 1,
    until: schedule.recurrence?.until ? dateTimeLocal(new Date(schedule.recurrence.until)) : "",
    signed: schedule.signed,
  };
}

/** Whether a chosen file is over the server's limit for its kind (media 16 MB, other files 100 MB). */
export function fileTooBig(file: File): boolean {
  const media = /^(image|audio|video)\//.test(file.type);
  return file.size > (media ? limits.mediaBytes : limits.documentBytes);
}

/** The first thing wrong with a draft, checked as the server will (its answer is the last word). */
export function draftProblem(draft: ScheduleDraft, now = new Date()): DraftProblem | null {
  if (!draft.body.trim() || draft.body.length > limits.messageBodyMax) return "body";
  const sendAt = draft.sendAt >= dateTimeInputBounds.min && draft.sendAt <= dateTimeInputBounds.max ? zonedMoment(draft.sendAt) : null;
  if (!sendAt) return "sendAt";
  if (sendAt <= now) return "past";
  if (draft.repeat === "never") return null;
  if (!Number.isInteger(draft.interval) || draft.interval < limits.scheduleInterval.min || draft.interval > limits.scheduleInterval.max) return "interval";
  const until = draft.until ? zonedMoment(draft.until) : null;
  if (draft.until && (!until || until < sendAt)) return "until";
  return null;
}

/** The request's body: times as typed (the server reads them on the install's clock). */
export function bodyOf(draft: ScheduleDraft): Pick<CreateScheduleBody, "body" | "sendAt" | "recurrence" | "signed"> {
  return {
    body: draft.body,
    signed: draft.signed,
    sendAt: draft.sendAt,
    recurrence: draft.repeat === "never" ? null : { every: draft.repeat, interval: draft.interval, until: draft.until || null },
  };
}
