import { addDays, dayOf, momentOf, wallClockAt, type QueueSla, type WeeklyHours } from "@atendo/contracts";

/**
 * A queue's SLA targets and the clock they are counted on (issue 30, docs/decisions/0080): its
 * opening hours (null: always open) on the install's wall clock (`TIME_ZONE`).
 */
export interface SlaClock extends QueueSla {
  businessHours: WeeklyHours | null;
  timeZone: string;
}

/** When each target falls due; null where the queue sets none. */
export interface SlaDue {
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
}

const MINUTE_MS = 60_000;

/** One day's opening intervals as moments, earliest first. */
function openIntervals(day: string, hours: WeeklyHours, timeZone: string): [number, number][] {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  const at = (time: string) => {
    const [hour = 0, minute = 0] = time.split(":").map(Number);
    return momentOf({ year, month, day: date, hour, minute, second: 0 }, timeZone).getTime();
  };
  return (hours[weekday] ?? []).map((range): [number, number] => [at(range.start), at(range.end)]).sort((a, b) => a[0] - b[0]);
}

/** Open time in one week of `hours`, on the wall clock (ms). */
function weeklyOpenMs(hours: WeeklyHours): number {
  const minutes = (time: string) => {
    const [hour = 0, minute = 0] = time.split(":").map(Number);
    return hour * 60 + minute;
  };
  let total = 0;
  for (const day of hours) {
    // Overlapping intervals of a day count once.
    let reached = 0;
    for (const range of [...day].sort((a, b) => minutes(a.start) - minutes(b.start))) {
      const start = Math.max(minutes(range.start), reached);
      const end = minutes(range.end);
      if (end > start) total += end - start;
      reached = Math.max(reached, end);
    }
  }
  return total * MINUTE_MS;
}

/**
 * The moment `minutes` of open time after `start`: the clock runs only while the opening hours
 * hold (an interval's start included, its end excluded, as isOpenAt reads them), so a ticket that
 * arrives on Friday evening with an hour's target falls due an hour after Monday's opening. No
 * hours, or hours that are never open: plain elapsed time.
 */
export function addOpenMinutes(start: Date, minutes: number, hours: WeeklyHours | null, timeZone: string): Date {
  const weekly = hours === null ? 0 : weeklyOpenMs(hours);
  if (hours === null || weekly === 0) return new Date(start.getTime() + minutes * MINUTE_MS);
  let remaining = minutes * MINUTE_MS;
  let day = dayOf(start, timeZone);
  let cursor = start.getTime();
  // Whole weeks at once (a year's target over a few open hours a week would walk thousands of days).
  const weeks = Math.floor(remaining / weekly) - 1;
  if (weeks > 0) {
    remaining -= weeks * weekly;
    day = addDays(day, weeks * 7);
    // The same wall-clock time as the start, that many weeks on.
    const wall = wallClockAt(start, timeZone);
    const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
    cursor = momentOf({ ...wall, year, month, day: date }, timeZone).getTime();
  }
  // Past the skipped weeks, less than two weeks of open time remain: three weeks of days is ample.
  for (let step = 0; step < 7 * 3; step++) {
    for (const [open, close] of openIntervals(day, hours, timeZone)) {
      const from = Math.max(open, cursor);
      if (from >= close) continue;
      if (remaining <= close - from) return new Date(from + remaining);
      remaining -= close - from;
      cursor = close;
    }
    day = addDays(day, 1);
  }
  // Unreachable with some open time each week; kept total rather than looping on.
  return new Date(cursor + remaining);
}

/** The due times of a clock's targets for a ticket entering its queue at `start`. */
export function slaDueTimes(clock: SlaClock | null, start: Date): SlaDue {
  const due = (minutes: number | null | undefined) => (clock && typeof minutes === "number" ? addOpenMinutes(start, minutes, clock.businessHours, clock.timeZone) : null);
  return { firstResponseDueAt: due(clock?.firstResponseMinutes), resolutionDueAt: due(clock?.resolutionMinutes) };
}

/** What a queue row says of its clock (the columns `queueClockFields` selects). */
export interface QueueClockRow {
  businessHours: WeeklyHours | null;
  slaFirstResponseMinutes: number | null;
  slaResolutionMinutes: number | null;
}

/** A queue's clock on the install's wall clock; null when it sets no target. */
export function clockOf(row: QueueClockRow, timeZone: string): SlaClock | null {
  if (row.slaFirstResponseMinutes === null && row.slaResolutionMinutes === null) return null;
  return { firstResponseMinutes: row.slaFirstResponseMinutes, resolutionMinutes: row.slaResolutionMinutes, businessHours: row.businessHours, timeZone };
}
