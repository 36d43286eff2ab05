import type { WeeklyHours } from "./destinations.js";
import { wallClockAt } from "./zoned-time.js";

/** Day of the week (0 = Sunday) and `HH:MM` of an instant on the wall clock of a time zone. */
export function weekTime(at: Date, timeZone: string): { day: number; time: string } {
  const { weekday, hour, minute } = wallClockAt(at, timeZone);
  return { day: weekday, time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}` };
}

/**
 * Whether opening hours hold at an instant, read on the install's wall clock (docs/decisions/0036):
 * an interval includes its start and excludes its end (08:00–18:00 is open at 08:00 and at 17:59,
 * closed at 18:00). No hours (null): always open.
 */
export function isOpenAt(hours: WeeklyHours | null, timeZone: string, at: Date): boolean {
  if (hours === null) return true;
  const { day, time } = weekTime(at, timeZone);
  return (hours[day] ?? []).some((range) => range.start <= time && time < range.end);
}
