import type { SlaState } from "./sla.js";
import { slaState } from "./sla.js";

// No zod here: the web's ticket rows read this at run time (docs/decisions/0043).

/** The two SLA targets a queue may set (issue 30). */
export const slaTargets = ["firstResponse", "resolution"] as const;
export type SlaTarget = (typeof slaTargets)[number];

/** What a ticket's `sla` says that its standing is read from (contracts' ticketSla). */
export interface SlaClocks {
  firstResponseDueAt: string | null;
  resolutionDueAt: string | null;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  firstResponseAt: string | null;
}

/** A running target's standing: which one, when it falls due, and the one rule's state (sla.ts). */
export interface SlaStanding {
  target: SlaTarget;
  dueAt: string;
  state: SlaState;
}

/**
 * The standing a ticket row shows at `now`: among its targets still running (not met, ticket not
 * closed), the worst by slaState (breached, then at risk, then the soonest due); null when none runs.
 */
export function slaStandingOf(ticket: { status: string; sla: SlaClocks }, now: Date): SlaStanding | null {
  const { sla } = ticket;
  if (ticket.status === "closed") return null;
  const running: SlaStanding[] = [];
  const add = (target: SlaTarget, dueAt: string | null, minutes: number | null) => {
    if (dueAt === null) return;
    const state = minutes === null ? (now.getTime() >= Date.parse(dueAt) ? "breached" : "ok") : slaState(new Date(dueAt), minutes, now);
    running.push({ target, dueAt, state });
  };
  if (sla.firstResponseAt === null) add("firstResponse", sla.firstResponseDueAt, sla.firstResponseMinutes);
  add("resolution", sla.resolutionDueAt, sla.resolutionMinutes);
  const rank: Record<SlaState, number> = { breached: 0, atRisk: 1, ok: 2 };
  running.sort((a, b) => rank[a.state] - rank[b.state] || Date.parse(a.dueAt) - Date.parse(b.dueAt));
  return running[0] ?? null;
}

