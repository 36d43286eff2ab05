// bench:soak's verdict (issue 35). (a) No upward trend: for each series (memory, open handles,
// each path's p99) a robust slope over the intervals (Theil–Sen: the median of the slopes between
// every pair of intervals, so one noisy interval cannot make or hide a trend) is projected over the
// measured span and compared with what the series does anyway: the spread of its values around the
// fitted line, and at least a floor (a share of its median, and an absolute amount), since with two
// or three intervals the spread says little. A series "trends up" when the projected rise exceeds
// that tolerance. (b) Nothing lost: counts, judged in soak.ts.

export interface TrendRule {
  /** The rise tolerated at least, as a share of the series' median. */
  relativeFloor: number;
  /** …and in the series' own unit. */
  absoluteFloor: number;
}

/** Memory moves little once warm; latency p99 on a shared 2-core machine moves a lot. */
export const trendRules = {
  memoryMb: { relativeFloor: 0.1, absoluteFloor: 16 },
  handles: { relativeFloor: 0.1, absoluteFloor: 20 },
  latencyMs: { relativeFloor: 0.25, absoluteFloor: 5 },
  backlog: { relativeFloor: 0.5, absoluteFloor: 200 },
} satisfies Record<string, TrendRule>;

export interface Trend {
  values: number[];
  /** Theil–Sen slope, per interval. */
  slopePerInterval: number;
  /** slope × (intervals − 1): how much the fitted line rises over the run. */
  rise: number;
  /** max(spread of the residuals, floors). */
  tolerance: number;
  upward: boolean;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (n: number) => Math.round(n * 100) / 100;

export function trendOf(values: number[], rule: TrendRule): Trend {
  const n = values.length;
  if (n < 2) return { values, slopePerInterval: 0, rise: 0, tolerance: 0, upward: false };
  const slopes: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) slopes.push((values[j]! - values[i]!) / (j - i));
  const slope = median(slopes);
  const intercept = median(values.map((v, i) => v - slope * i));
  const residuals = values.map((v, i) => v - (intercept + slope * i));
  const spread = Math.max(...residuals) - Math.min(...residuals);
  const floor = Math.max(rule.relativeFloor * Math.abs(median(values)), rule.absoluteFloor);
  const tolerance = Math.max(spread, floor);
  const rise = slope * (n - 1);
  return { values, slopePerInterval: round(slope), rise: round(rise), tolerance: round(tolerance), upward: rise > tolerance };
}

/**
 * The rule on series whose answer is known, run before every soak (seconds of CPU at most): a
 * flat noisy series and a spike pass, a steady leak and a slow climb under noise fail.
 */
export function checkTrendRule(): void {
  const cases: { name: string; values: number[]; rule: TrendRule; upward: boolean }[] = [
    { name: "flat memory with noise", values: [300, 312, 296, 305, 301, 309], rule: trendRules.memoryMb, upward: false },
    { name: "one slow interval (a neighbour's build)", values: [40, 38, 240, 41, 39, 42], rule: trendRules.latencyMs, upward: false },
    { name: "memory leaking 20 MB an interval", values: [300, 320, 340, 360, 380, 400], rule: trendRules.memoryMb, upward: true },
    { name: "p99 climbing under noise", values: [40, 55, 62, 80, 85, 104], rule: trendRules.latencyMs, upward: true },
    { name: "two intervals, small rise", values: [300, 310], rule: trendRules.memoryMb, upward: false },
    { name: "two intervals, doubled", values: [300, 600], rule: trendRules.memoryMb, upward: true },
  ];
  for (const { name, values, rule, upward } of cases) {
    const trend = trendOf(values, rule);
    if (trend.upward !== upward) throw new Error(`soak verdict rule is wrong on "${name}": ${JSON.stringify(trend)}`);
  }
}
