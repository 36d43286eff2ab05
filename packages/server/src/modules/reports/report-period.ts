import { addDays, dayOf, errorCatalogue, momentOf, momentOfOffsetReading, periodProblem, periodProblemCodes, readMoment } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";

/** The moments a report covers: tickets created from `start` to `end`, both included. */
export interface ReportPeriod {
  start: Date;
  end: Date;
  timeZone: string;
}

/**
 * A report moment (contracts `reportMoment`, which the route has already checked): with an offset
 * it is that moment; without, a reading of the install's clock (`timeZone`), a bare day meaning
 * its first moment. A text naming no accepted moment is ERR_INVALID_DATE.
 */
export function parseMoment(text: string, timeZone: string): Date {
  const reading = readMoment(text);
  if (!reading) throw new AppError("ERR_INVALID_DATE", undefined, `${errorCatalogue.ERR_INVALID_DATE.en} Not one: ${text}.`);
  const { offsetMinutes } = reading;
  return offsetMinutes === undefined ? momentOf(reading, timeZone) : momentOfOffsetReading({ ...reading, offsetMinutes });
}

/**
 * The period of a report query, checked before any work: `startDate` is required
 * (ERR_NO_DATE_SPECIFIED), `endDate` defaults to `now`; the period rule of contracts
 * (`periodProblem`) refuses an end before the start and, when `bounded` (charts, CSV), more than
 * `limits.reportMaxDays` days.
 */
export function reportPeriod(query: { startDate?: string; endDate?: string }, timeZone: string, now: Date, bounded: boolean): ReportPeriod {
  if (!query.startDate) throw new AppError("ERR_NO_DATE_SPECIFIED");
  const start = parseMoment(query.startDate, timeZone);
  const end = query.endDate ? parseMoment(query.endDate, timeZone) : now;
  const problem = periodProblem(start, end, bounded);
  if (problem) throw new AppError(periodProblemCodes[problem]);
  return { start, end, timeZone };
}

/** The calendar days of the period on the install's clock, first to last. */
export function periodDays(period: ReportPeriod): string[] {
  const last = dayOf(period.end, period.timeZone);
  const days: string[] = [];
  for (let day = dayOf(period.start, period.timeZone); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
