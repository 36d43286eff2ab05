import type { OpeningInterval, WeeklyHours } from "@atendo/contracts";

/**
 * The weekly opening-hours grid (queues, connections). `WeeklyHours` is Sunday first (index 0 =
 * Sunday, as `Date.getDay`); the grid shows Monday first, so it walks these indexes.
 */
export const gridDays = [1, 2, 3, 4, 5, 6, 0] as const;

/** Intervals a day can have (contracts: `weeklyHours`). */
export const maxIntervals = 3;

const weekdays = [1, 2, 3, 4, 5];

/** What the grid starts with when opening hours are switched on: Monday to Friday, 08:00–18:00. */
export function defaultWeeklyHours(): WeeklyHours {
  return Array.from({ length: 7 }, (_, day) => (weekdays.includes(day) ? [{ start: "08:00", end: "18:00" }] : []));
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

function timeOf(minutes: number): string {
  const capped = Math.min(Math.max(minutes, 0), 23 * 60 + 59);
  return `${String(Math.floor(capped / 60)).padStart(2, "0")}:${String(capped % 60).padStart(2, "0")}`;
}

function withDay(hours: WeeklyHours, day: number, intervals: OpeningInterval[]): WeeklyHours {
  return hours.map((current, index) => (index === day ? intervals : current));
}

/** Another interval for `day`, one hour from where the day's last one ends (08:00 on a closed day); at most three. */
export function addInterval(hours: WeeklyHours, day: number): WeeklyHours {
  const intervals = hours[day] ?? [];
  if (intervals.length >= maxIntervals) return hours;
  const start = intervals.at(-1)?.end ?? "08:00";
  return withDay(hours, day, [...intervals, { start: timeOf(minutesOf(start)), end: timeOf(minutesOf(start) + 60) }]);
}

export function removeInterval(hours: WeeklyHours, day: number, index: number): WeeklyHours {
  return withDay(hours, day, (hours[day] ?? []).filter((_, position) => position !== index));
}

export function changeInterval(hours: WeeklyHours, day: number, index: number, patch: Partial<OpeningInterval>): WeeklyHours {
  return withDay(hours, day, (hours[day] ?? []).map((interval, position) => (position === index ? { ...interval, ...patch } : interval)));
}

/** Monday's intervals on Tuesday to Friday too (the weekend keeps its own). */
export function copyMondayToWeekdays(hours: WeeklyHours): WeeklyHours {
  const monday = hours[1] ?? [];
  return hours.map((intervals, day) => (weekdays.includes(day) && day !== 1 ? monday.map((interval) => ({ ...interval })) : intervals));
}

/** What is wrong with an interval as typed: a time missing, or the end not after the start. */
export function intervalProblem({ start, end }: OpeningInterval): "missing" | "order" | null {
  if (!start || !end) return "missing";
  return start < end ? null : "order";
}

/** Whether two intervals of a day overlap (allowed, but surely a typing slip). */
export function overlaps(intervals: readonly OpeningInterval[]): boolean {
  const sorted = [...intervals].filter((interval) => !intervalProblem(interval)).sort((a, b) => (a.start < b.start ? -1 : 1));
  return sorted.some((interval, index) => index > 0 && interval.start < (sorted[index - 1]?.end ?? ""));
}

/** A time as `<input type="time">` can show it: `24:00` (end of day) is shown as 23:59. */
export function inputTime(time: string): string {
  return time === "24:00" ? "23:59" : time;
}

/** Day names in `language`, index 0 = Sunday; `short` for narrow places (a chart's rows). */
export function dayNames(language: string, width: "long" | "short" = "long"): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: "UTC" });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, day) => {
    const name = format.format(new Date(Date.UTC(2023, 0, 1 + day)));
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  });
}
