import { formatDurationUnits, type DurationUnit } from "../../../lib/duration-units";

/** A wait as it counts up: whole seconds passed, two largest units (lib/duration-units.ts). */
export function formatDuration(seconds: number, unit: (unit: DurationUnit, value: number) => string): string {
  return formatDurationUnits(seconds, unit, Math.floor);
}

/**
 * How long to wait before reading the figures again for `nextChangeAt`, counted on the server's
 * clock from `at` (so a browser clock that is off does not move it), from when they arrived.
 * Never negative; at most a day (setTimeout's limit is far above).
 */
export function delayUntilChange(snapshot: { at: string; nextChangeAt: string }, receivedAt: number, now: number): number {
  const ahead = Date.parse(snapshot.nextChangeAt) - Date.parse(snapshot.at);
  return Math.min(86_400_000, Math.max(0, receivedAt + ahead - now));
}
