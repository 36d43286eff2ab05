/**
 * The install's time zone (issue 15): every date a user sees is read on its clock, not the
 * browser's, so an attendant abroad and the reports agree on when a day starts. The public
 * config sets it ({@link setDisplayTimeZone}); until then, and if it is unknown, the browser's.
 * The clock arithmetic is the server's own (contracts' zoned-time).
 */
import { isTimeZone, momentOfLocal, wallClockAt, type WallClock } from "@atendo/contracts";

export { isTimeZone, type WallClock };

/** The browser's own zone (also the fallback of the public config). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

let displayZone = browserTimeZone();

/** Dates are shown on `zone`'s clock from now on (an unknown name keeps the current zone). */
export function setDisplayTimeZone(zone: string): void {
  if (zone && isTimeZone(zone)) displayZone = zone;
}

export function displayTimeZone(): string {
  return displayZone;
}

/** `date` on `zone`'s wall clock (default: the install's). */
export function wallClock(date: Date, zone: string = displayZone): WallClock {
  return wallClockAt(date, zone);
}

/**
 * The moment `zone`'s clock (default: the install's) shows `local` (`yyyy-mm-dd` or
 * `yyyy-mm-ddThh:mm[:ss]`, as a datetime-local field gives); null when it is not such a text.
 */
export function zonedMoment(local: string, zone: string = displayZone): Date | null {
  return momentOfLocal(local, zone);
}
