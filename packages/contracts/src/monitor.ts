import { z } from "zod";
import { queueAssignmentModes } from "./queues.js";
import { presenceStatuses, profiles } from "./users.js";

/**
 * The live monitor (issue 30, docs/decisions/0082): what an admin watches to steer the team —
 * per queue, who is waiting and for how long and how many tickets are near or past an SLA target;
 * per user, presence, load and today's first-response median. GET /api/monitor, admins only.
 */

/** One queue's line; `id` null is the line of the tickets in no queue (shown only when there are any). */
export const monitorQueue = z.object({
  id: z.number().nullable(),
  name: z.string(),
  color: z.string().nullable(),
  /** The queue's automatic assignment; null for the tickets in no queue. */
  assignment: z.enum(queueAssignmentModes).nullable(),
  /** Pending tickets of the queue that are not in a menu. */
  waiting: z.number(),
  /** When the oldest of them was created (its age is the longest wait); null when none waits. */
  oldestWaitingSince: z.string().nullable(),
  /** That age when the answer was made, in whole seconds. */
  longestWaitSeconds: z.number().nullable(),
  /**
   * Active tickets with an unmet target past its due time (`breached`), and the others with one
   * from 80 % of its time (`atRisk`): each ticket counted once, by its worse target (contracts sla.ts).
   */
  atRisk: z.number(),
  breached: z.number(),
});
export type MonitorQueue = z.infer<typeof monitorQueue>;

/** One active user's line. */
export const monitorAttendant = z.object({
  id: z.number(),
  name: z.string(),
  profile: z.enum(profiles),
  presence: z.enum(presenceStatuses),
  /** Open tickets they own, and the most automatic assignment gives them (null: unlimited). */
  openTickets: z.number(),
  maxOpenTickets: z.number().nullable(),
  /** Tickets they own first answered today (the install's clock), and the median of created → first answer. */
  firstResponsesToday: z.number(),
  firstResponseMedianSeconds: z.number().nullable(),
});
export type MonitorAttendant = z.infer<typeof monitorAttendant>;

export const monitorSnapshot = z.object({
  /** The moment the figures are of. */
  at: z.string(),
  /** The install's time zone, and the day "today" means in it (yyyy-mm-dd). */
  timeZone: z.string(),
  today: z.string(),
  /**
   * The next moment a figure changes with no event: an unmet target turns at risk or breached (or
   * the day ends, which starts today's medians afresh); the page reads the figures again then.
   */
  nextChangeAt: z.string(),
  queues: z.array(monitorQueue),
  attendants: z.array(monitorAttendant),
});
export type MonitorSnapshot = z.infer<typeof monitorSnapshot>;
