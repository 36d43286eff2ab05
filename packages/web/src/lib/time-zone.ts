/**
 * The install's time zone (issue 15): every date a user sees is read on its clock, not the
 * browser's, so an attendant abroad and the reports agree on when a day starts. The public
 * config sets it ({@link setDisplayTimeZone}); until then, and if it is unknown, the browser's.
 */

/** The browser's own zone (also the fallback of the public config). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let displayZone = browserTimeZone();

/** Dates are shown on `zone`'s clock from now on (an unknown name keeps the current zone). */
export function setDisplayTimeZone(zone: string): void {
  if (zone && isTimeZone(zone)) displayZone = zone;
}

export function displayTimeZone(): string {
  return displayZone;
}

/** A moment as a wall clock shows it: month 1–12, hour 0–23, weekday 0 (Sunday) – 6. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

// Building a formatter is costly and a list formats hundreds of dates: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** `date` on `zone`'s wall clock (default: the install's). */
export function wallClock(date: Date, zone: string = displayZone): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(zone).formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: weekdays.indexOf(parts.weekday ?? ""),
  };
}

/** How far `zone`'s clock is ahead of UTC at `date`, in milliseconds. */
function offsetAt(date: Date, zone: string): number {
  const clock = wallClock(date, zone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The moment `zone`'s clock shows `local` (`yyyy-mm-dd` or `yyyy-mm-ddThh:mm[:ss]`, as a
 * datetime-local field gives); null when it is not such a text. A time skipped by a daylight-saving
 * change reads as the moment after the jump.
 */
export function zonedMoment(local: string, zone: string = displayZone): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(asUtc)) return null;
  // Two passes: the offset at the first guess may differ from the offset at the answer (DST).
  const guess = asUtc - offsetAt(new Date(asUtc), zone);
  return new Date(asUtc - offsetAt(new Date(guess), zone));
}
