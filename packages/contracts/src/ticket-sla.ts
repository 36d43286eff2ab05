import { z } from "zod";
import { slaTargets } from "./ticket-sla-standing.js";

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

/** `slaBreached` socket event: a ticket's target passed its due time (to its owner, its queue's members and admins). */
export const slaBreachedEvent = z.object({
  action: z.literal("breached"),
  ticketId: z.number(),
  target: z.enum(slaTargets),
  dueAt: z.string(),
});
export type SlaBreachedEvent = z.infer<typeof slaBreachedEvent>;
