export type DurationUnit = "d" | "h" | "m" | "s";

/** A duration's two largest units ("1 h 5 min"), each written by `unit` in the user's language. */
export function formatDuration(seconds: number, unit: (unit: DurationUnit, value: number) => string): string {
  const whole = Math.max(0, Math.floor(seconds));
  const parts: [DurationUnit, number][] = [
    ["d", Math.floor(whole / 86_400)],
    ["h", Math.floor((whole % 86_400) / 3600)],
    ["m", Math.floor((whole % 3600) / 60)],
    ["s", whole % 60],
  ];
  const first = parts.findIndex(([, value]) => value > 0);
  if (first === -1) return unit("s", 0);
  return parts
    .slice(first, first + 2)
    .filter(([, value]) => value > 0)
    .map(([name, value]) => unit(name, value))
    .join(" ");
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
