import { z } from "zod";
import { failsWith } from "./errors.js";
import { limits } from "./limits.js";

/**
 * A connection's outbound pace (issue 31, docs/decisions/0083). Every message that leaves the
 * connection takes a slot of it, a person's reply first, campaigns last.
 * - `perMinute`: the average rate; each gap is jittered (mean one interval) so the rhythm does not
 *   look machine-made, and the average stays exact.
 * - `dailyCap`: outreach (scheduled messages and campaigns) per day of the install's time zone;
 *   0 means no cap. Replies in a conversation never count and are never held by it.
 * - `warmUp`: days to reach `dailyCap` from the connection's first day of outreach, growing in
 *   equal steps (day 1 of 10 allows a tenth); 0 means the whole cap from the first day.
 */
const paceShape = z.object({
  perMinute: z.number(),
  dailyCap: z.number(),
  warmUp: z.number(),
});

function within(value: number, range: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}

export const connectionPace = paceShape.refine(
  (pace) => within(pace.perMinute, limits.pacePerMinute) && within(pace.dailyCap, limits.paceDailyCap) && within(pace.warmUp, limits.paceWarmUpDays),
  failsWith("ERR_INVALID_PACE", "perMinute, dailyCap and warmUp are whole numbers within their limits"),
);
export type ConnectionPace = z.output<typeof connectionPace>;
