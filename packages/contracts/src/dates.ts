import { limits } from "./limits.js";
import type { WallClock } from "./zoned-time.js";

/**
 * The dates a request may name (report periods, the `date` filter of ticket and chat lists) are
 * checked here, before any work: a real calendar date whose year is within `limits.dateYears`.
 * Unbounded years froze the server (issue 28: day texts compare wrongly past 9999, and a
 * day-by-day series over millennia filled the heap); docs/decisions/0059.
 */

/** A moment as a text names it: the clock reading, and its offset when it has one (`Z`, `±hh:mm`). */
export type MomentReading = Omit<WallClock, "weekday"> & {
  /** Minutes ahead of UTC; absent for a reading on the install's clock. */
  offsetMinutes?: number;
};

const momentForm = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The accepted years as a refusal names them: `2000–2100`. */
export const acceptedYears = `${limits.dateYears.first}–${limits.dateYears.last}`;

export function isYearAccepted(year: number): boolean {
  return year >= limits.dateYears.first && year <= limits.dateYears.last;
}

function offsetMinutesOf(zone: string | undefined): number | undefined | null {
  if (zone === undefined) return undefined;
  if (zone === "Z") return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(-2));
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * The reading of `yyyy-mm-dd[Thh:mm[:ss[.fff]]][Z|±hh:mm]`, or null when the text is not of that
 * form, names no real moment (February 30th, 24 o'clock) or a year outside `limits.dateYears`.
 */
export function readMoment(text: string): MomentReading | null {
  const match = momentForm.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "0", zone] = match;
  const reading = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    millisecond: Number(fraction.padEnd(3, "0")),
  };
  // Checked first: Date.UTC reads years 0–99 as 1900–1999.
  if (!isYearAccepted(reading.year)) return null;
  const check = new Date(Date.UTC(reading.year, reading.month - 1, reading.day, reading.hour, reading.minute, reading.second));
  const real =
    check.getUTCMonth() === reading.month - 1 &&
    check.getUTCDate() === reading.day &&
    check.getUTCHours() === reading.hour &&
    check.getUTCMinutes() === reading.minute &&
    check.getUTCSeconds() === reading.second;
  const offsetMinutes = offsetMinutesOf(zone);
  if (!real || offsetMinutes === null) return null;
  return offsetMinutes === undefined ? reading : { ...reading, offsetMinutes };
}

/** The moment a reading with an offset names. */
export function momentOfOffsetReading(reading: MomentReading & { offsetMinutes: number }): Date {
  const { year, month, day, hour, minute, second, millisecond, offsetMinutes } = reading;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millisecond) - offsetMinutes * 60_000);
}

/** The bounds of a datetime-local field that may only name accepted years. */
export const dateTimeInputBounds = {
  min: `${limits.dateYears.first}-01-01T00:00`,
  max: `${limits.dateYears.last}-12-31T23:59`,
} as const;
