export type DurationUnit = "d" | "h" | "m" | "s";

/**
 * A duration's two largest units ("1 h 5 min"), each written by `unit` in the user's language.
 * `whole` turns the seconds into whole ones: rounded for a figure (reports), floored for a clock
 * that counts up (the monitor's waits, which must not show a second before it has passed).
 */
export function formatDurationUnits(
  seconds: number,
  unit: (unit: DurationUnit, value: number) => string,
  whole: (seconds: number) => number = Math.round,
): string {
  const total = Math.max(0, whole(seconds));
  const parts: [DurationUnit, number][] = [
    ["d", Math.floor(total / 86_400)],
    ["h", Math.floor((total % 86_400) / 3600)],
    ["m", Math.floor((total % 3600) / 60)],
    ["s", total % 60],
  ];
  const first = parts.findIndex(([, value]) => value > 0);
  if (first === -1) return unit("s", 0);
  return parts
    .slice(first, first + 2)
    .filter(([, value]) => value > 0)
    .map(([name, value]) => unit(name, value))
    .join(" ");
}
