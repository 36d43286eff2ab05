import { displayTimeZone, wallClock, type WallClock } from "./time-zone";

/**
 * Dates as users see them (spec §9), on the install's clock (lib/time-zone): every function takes
 * the zone last, the install's by default.
 */

const pad = (value: number) => String(value).padStart(2, "0");

function clockOf(iso: string, zone: string): WallClock | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : wallClock(date, zone);
}

const day = (c: WallClock) => `${pad(c.day)}/${pad(c.month)}`;
const time = (c: WallClock) => `${pad(c.hour)}:${pad(c.minute)}`;
const shortYear = (c: WallClock) => pad(c.year % 100);

/** "dd/MM/yy HH:mm", whatever the language. */
export function formatDateTime(iso: string, zone: string = displayTimeZone()): string {
  const c = clockOf(iso, zone);
  return c ? `${day(c)}/${shortYear(c)} ${time(c)}` : "";
}

/** List time: "HH:mm" when `iso` falls on `now`'s day, else "dd/MM/yy". */
export function formatListTime(iso: string, now: Date = new Date(), zone: string = displayTimeZone()): string {
  const c = clockOf(iso, zone);
  if (!c) return "";
  const today = wallClock(now, zone);
  const sameDay = c.year === today.year && c.month === today.month && c.day === today.day;
  return sameDay ? time(c) : `${day(c)}/${shortYear(c)}`;
}

/** A day: "dd/MM/yyyy" (a conversation's day separator). */
export function formatDate(iso: string, zone: string = displayTimeZone()): string {
  const c = clockOf(iso, zone);
  return c ? `${day(c)}/${c.year}` : "";
}

/** A time of day: "HH:mm" (a bubble's time). */
export function formatTime(iso: string, zone: string = displayTimeZone()): string {
  const c = clockOf(iso, zone);
  return c ? time(c) : "";
}

/** The day of a moment as `yyyy-mm-dd` (a report's day, a datetime-local field's date). */
export function isoDay(date: Date, zone: string = displayTimeZone()): string {
  const c = wallClock(date, zone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** A moment as a datetime-local field shows it: `yyyy-mm-ddThh:mm`. */
export function dateTimeLocal(date: Date, zone: string = displayTimeZone()): string {
  return `${isoDay(date, zone)}T${time(wallClock(date, zone))}`;
}
