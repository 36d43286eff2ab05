import { addDays, momentOf, wallClockAt, type RecurrenceUnit } from "@atendo/contracts";

/** How a schedule repeats: every `interval` days, weeks or months, up to `until` (inclusive) when set. */
export interface RepeatRule {
  every: RecurrenceUnit;
  interval: number;
  until: Date | null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The `n`th sending of a series that started at `anchor` (n = 0 is `anchor`), counted on the
 * install's clock: the same clock reading every time, so a daily 09:00 stays 09:00 across a
 * daylight-saving change, and a monthly one on the 31st falls on the last day of shorter months
 * (and on the 31st again after them: each occurrence is counted from the anchor, not from the
 * previous one). A reading a clock skips (02:30 on the night it jumps to 03:00) is moved forward.
 */
export function occurrenceAt(anchor: Date, rule: Pick<RepeatRule, "every" | "interval">, n: number, timeZone: string): Date {
  const wall = wallClockAt(anchor, timeZone);
  const time = { hour: wall.hour, minute: wall.minute, second: wall.second };
  if (rule.every === "month") {
    const months = wall.month - 1 + n * rule.interval;
    const year = wall.year + Math.floor(months / 12);
    const month = (months % 12) + 1;
    return momentOf({ year, month, day: Math.min(wall.day, daysInMonth(year, month)), ...time }, timeZone);
  }
  const start = `${String(wall.year).padStart(4, "0")}-${String(wall.month).padStart(2, "0")}-${String(wall.day).padStart(2, "0")}`;
  const [year = 0, month = 1, day = 1] = addDays(start, n * rule.interval * (rule.every === "week" ? 7 : 1))
    .split("-")
    .map(Number);
  return momentOf({ year, month, day, ...time }, timeZone);
}

/**
 * The sending that follows occurrence `current` of a series: the first one after `now` (a series
 * whose instance was stopped for days sends what was due once, not every missed day), or null
 * when it would fall after `until`.
 */
export function nextOccurrence(anchor: Date, rule: RepeatRule, current: number, timeZone: string, now: Date): { sendAt: Date; occurrence: number } | null {
  let n = current + 1;
  let sendAt = occurrenceAt(anchor, rule, n, timeZone);
  // Missed sendings are stepped over (a year of daily ones is 365 cheap steps).
  while (sendAt <= now) sendAt = occurrenceAt(anchor, rule, ++n, timeZone);
  if (rule.until && sendAt > rule.until) return null;
  return { sendAt, occurrence: n };
}
