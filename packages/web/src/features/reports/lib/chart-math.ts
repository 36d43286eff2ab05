import { formatDurationUnits, type DurationUnit } from "../../../lib/duration-units";

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

/** A figure in seconds, rounded, in its two largest units (lib/duration-units.ts). */
export function formatSeconds(seconds: number, unit: (unit: DurationUnit, value: number) => string): string {
  return formatDurationUnits(seconds, unit);
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
