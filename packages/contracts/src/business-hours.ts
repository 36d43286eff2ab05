import type { WeeklyHours } from "./destinations.js";

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Day of the week (0 = Sunday) and `HH:MM` of an instant on the wall clock of a time zone. */
export function wallClock(at: Date, timeZone: string): { day: number; time: string } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: weekdays.indexOf(part("weekday")), time: `${part("hour")}:${part("minute")}` };
}

/**
 * Whether opening hours hold at an instant, read on the install's wall clock (docs/decisions/0036):
 * an interval includes its start and excludes its end (08:00–18:00 is open at 08:00 and at 17:59,
 * closed at 18:00). No hours (null): always open.
 */
export function isOpenAt(hours: WeeklyHours | null, timeZone: string, at: Date): boolean {
  if (hours === null) return true;
  const { day, time } = wallClock(at, timeZone);
  return (hours[day] ?? []).some((range) => range.start <= time && time < range.end);
}
