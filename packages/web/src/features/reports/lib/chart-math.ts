/** Pure figures behind the report's charts: axes, label spacing, colour levels, durations. */

/** Up to `count` round steps from 0 covering `max` (1, 2 or 5 times a power of ten). */
export function axisTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const nice = Math.max(1, step);
  const ticks: number[] = [];
  for (let value = 0; value < max + nice; value += nice) ticks.push(value);
  return ticks;
}

/** Every how many points an axis label fits, `labelWidth` pixels each in `width`. */
export function labelStep(points: number, width: number, labelWidth: number): number {
  if (points <= 0 || width <= 0) return 1;
  return Math.max(1, Math.ceil((points * labelWidth) / width));
}

/** A heat-map cell's level: 0 for none, else 1 … `levels` by its share of the busiest cell. */
export function heatLevel(count: number, max: number, levels: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.min(levels, Math.max(1, Math.ceil((count / max) * levels)));
}

export type DurationUnit = "d" | "h" | "m" | "s";

/** A duration's two largest units ("1 h 5 min"), each written by `unit` in the user's language. */
export function formatSeconds(seconds: number, unit: (unit: DurationUnit, value: number) => string): string {
  const whole = Math.max(0, Math.round(seconds));
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

/** A report day (`yyyy-mm-dd`) as the charts write it: short "dd/MM", full "dd/MM/yyyy", and its weekday (0 Sunday). */
export function dayLabels(day: string): { short: string; full: string; weekday: number } {
  const [year, month, date] = day.split("-");
  return {
    short: `${date}/${month}`,
    full: `${date}/${month}/${year}`,
    weekday: new Date(Date.UTC(Number(year), Number(month) - 1, Number(date))).getUTCDay(),
  };
}
