import { z } from "zod";
import { slaState, type SlaState } from "./sla.js";

/** The two SLA targets a queue may set (issue 30). */
export const slaTargets = ["firstResponse", "resolution"] as const;
export type SlaTarget = (typeof slaTargets)[number];

/**
 * A ticket's SLA (issue 30, docs/decisions/0080): when each target of its queue falls due (null:
 * no target when it entered the queue), whether it was missed, the queue's targets in minutes (what
 * the at-risk moment is read from) and when the team first answered. The first-response clock stops
 * at the first answer (or the close), the resolution clock at the close. `…Breached` is true once a
 * running clock passed its due time, or when it stopped after it.
 */
export const ticketSla = z.object({
  firstResponseDueAt: z.string().nullable(),
  resolutionDueAt: z.string().nullable(),
  firstResponseBreached: z.boolean(),
  resolutionBreached: z.boolean(),
  firstResponseMinutes: z.number().nullable(),
  resolutionMinutes: z.number().nullable(),
  firstResponseAt: z.string().nullable(),
});
export type TicketSla = z.infer<typeof ticketSla>;

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
export function slaStandingOf(ticket: { status: string; sla: TicketSla }, now: Date): SlaStanding | null {
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

/** `slaBreached` socket event: a ticket's target passed its due time (to its owner, its queue's members and admins). */
export const slaBreachedEvent = z.object({
  action: z.literal("breached"),
  ticketId: z.number(),
  target: z.enum(slaTargets),
  dueAt: z.string(),
});
export type SlaBreachedEvent = z.infer<typeof slaBreachedEvent>;
