import { addDays, dayOf, limits, momentOf } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";

/** The moments a report covers: tickets created from `start` to `end`, both included. */
export interface ReportPeriod {
  start: Date;
  end: Date;
  timeZone: string;
}

const DAY_MS = 86_400_000;
const momentParts = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function invalid(text: string): AppError {
  return new AppError("ERR_MISSING_VALUES", 400, `Not a date: ${text}. Send yyyy-mm-dd, yyyy-mm-ddThh:mm or an ISO date-time.`);
}

/**
 * A report moment (contracts `reportMoment`): with an offset it is that moment; without, a reading
 * of the install's clock (`timeZone`), a bare day meaning its first moment. A reading that names
 * no real date (February 30th, 25 o'clock) is ERR_MISSING_VALUES.
 */
export function parseMoment(text: string, timeZone: string): Date {
  const match = momentParts.exec(text);
  if (!match) throw invalid(text);
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "0", zone] = match;
  const wall = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    millisecond: Number(fraction.padEnd(3, "0")),
  };
  const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
  const real =
    check.getUTCFullYear() === wall.year &&
    check.getUTCMonth() === wall.month - 1 &&
    check.getUTCDate() === wall.day &&
    check.getUTCHours() === wall.hour &&
    check.getUTCMinutes() === wall.minute &&
    check.getUTCSeconds() === wall.second;
  if (!real) throw invalid(text);
  if (zone === undefined) return momentOf(wall, timeZone);
  const offset = zone === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const moment = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${fraction.padEnd(3, "0")}${offset}`);
  if (Number.isNaN(moment.getTime())) throw invalid(text);
  return moment;
}

/**
 * The period of a report query: `startDate` is required (ERR_NO_DATE_SPECIFIED), `endDate`
 * defaults to `now`; an end before the start is ERR_MISSING_VALUES.
 */
export function reportPeriod(query: { startDate?: string; endDate?: string }, timeZone: string, now: Date): ReportPeriod {
  if (!query.startDate) throw new AppError("ERR_NO_DATE_SPECIFIED");
  const start = parseMoment(query.startDate, timeZone);
  const end = query.endDate ? parseMoment(query.endDate, timeZone) : now;
  if (end.getTime() < start.getTime()) throw new AppError("ERR_MISSING_VALUES", 400, "The end date is before the start date.");
  return { start, end, timeZone };
}

/** Spec §5: a download covers at most `limits.reportMaxDays` days (the web checks the same span). */
export function assertDownloadable(period: ReportPeriod): void {
  if (period.end.getTime() - period.start.getTime() > limits.reportMaxDays * DAY_MS) throw new AppError("ERR_REPORT_RANGE_TOO_LONG");
}

/** The calendar days of the period on the install's clock, first to last. */
export function periodDays(period: ReportPeriod, from: string = dayOf(period.start, period.timeZone)): string[] {
  const last = dayOf(period.end, period.timeZone);
  const days: string[] = [];
  for (let day = from; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
