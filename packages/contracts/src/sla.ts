/**
 * SLA targets (issue 30). A ticket is "at risk" once 80 % of a target's time has passed without
 * meeting it, and "breached" once its due time has passed. Both are read from the due time and the
 * target alone, so rows, the monitor and the server's SQL count the same tickets: the at-risk moment
 * is the due time less a fifth of the target, in wall-clock minutes (near a closed period of the
 * opening hours this starts the warning early rather than late).
 */
export const slaAtRiskShare = 0.8;

export type SlaState = "ok" | "atRisk" | "breached";

/** When a target of `targetMinutes` due at `dueAt` turns at risk. */
export function slaAtRiskFrom(dueAt: Date, targetMinutes: number): Date {
  return new Date(dueAt.getTime() - targetMinutes * (1 - slaAtRiskShare) * 60_000);
}

/** The state of an unmet target at `now`. */
export function slaState(dueAt: Date, targetMinutes: number, now: Date): SlaState {
  if (now.getTime() >= dueAt.getTime()) return "breached";
  return now.getTime() >= slaAtRiskFrom(dueAt, targetMinutes).getTime() ? "atRisk" : "ok";
}
