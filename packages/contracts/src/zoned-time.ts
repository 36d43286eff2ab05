/**
 * Wall-clock time in an IANA time zone, without a library, for the server (reports, business
 * hours, date filters) and the web (every date shown): Intl gives a moment's wall clock, and a
 * wall-clock reading is turned back into a moment by correcting for the zone's offset twice (the
 * second pass settles readings near a daylight-saving change).
 */

/** A moment as a clock shows it: month 1–12, hour 0–23, weekday 0 (Sunday) – 6. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

// Building a formatter is costly and a list formats hundreds of dates: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What a clock in `timeZone` shows at `at`. */
export function wallClockAt(at: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: at.getUTCMilliseconds(),
    weekday: weekdays.indexOf(parts.weekday ?? ""),
  };
}

type Reading = Pick<WallClock, "year" | "month" | "day" | "hour" | "minute" | "second"> & { millisecond?: number };

function asUtc(wall: Reading): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond ?? 0);
}

/** How far `timeZone`'s clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  return asUtc(wallClockAt(new Date(at), timeZone)) - at;
}

/**
 * The moment a clock in `timeZone` shows `wall`. A reading skipped by a daylight-saving jump
 * (02:30 on a night that goes from 02:00 to 03:00) is moved forward by the jump (03:30).
 */
export function momentOf(wall: Reading, timeZone: string): Date {
  const guess = asUtc(wall);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  const shown = asUtc(wallClockAt(new Date(second), timeZone));
  return new Date(shown === guess ? second : Math.max(first, second));
}

/**
 * The moment `timeZone`'s clock shows `local` (`yyyy-mm-dd` or `yyyy-mm-ddThh:mm[:ss]`, as a
 * datetime-local field gives); null when it is not such a text.
 */
export function momentOfLocal(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const moment = momentOf({ year, month, day, hour, minute, second }, timeZone);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/** The calendar day (`yyyy-mm-dd`) `days` after `day`. */
export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The calendar day (`yyyy-mm-dd`) of `at` in `timeZone`. */
export function dayOf(at: Date, timeZone: string): string {
  const { year, month, day } = wallClockAt(at, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
