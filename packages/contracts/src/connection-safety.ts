import { z } from "zod";

/**
 * A connection that stayed away from CONNECTED longer than the `connectionAlertMinutes` setting
 * (issue 31, docs/decisions/0087): when it left, when admins were alerted, when it came back.
 */
export const connectionIncident = z.object({
  id: z.number(),
  whatsappId: z.number(),
  /** The connection as admins know it (label, else name). */
  name: z.string(),
  leftAt: z.string(),
  alertedAt: z.string(),
  recoveredAt: z.string().nullable(),
});
export type ConnectionIncident = z.infer<typeof connectionIncident>;

/** GET /api/connection-incidents: the incidents alerted and not recovered yet, oldest first (what the shell's banner shows on load). */
export const connectionIncidentList = z.array(connectionIncident);

/** `connectionIncident` socket event (admins): a connection was alerted as down, or recovered after an alert. */
export const connectionIncidentEvent = z.object({
  action: z.enum(["alerted", "recovered"]),
  incident: connectionIncident,
});
export type ConnectionIncidentEvent = z.infer<typeof connectionIncidentEvent>;

/** POST /api/whatsapp/{id}/move: the connection that serves the source's customers from now on. */
export const moveConnectionBody = z.object({ toWhatsappId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * What a move did: `moved` active tickets now on the target; `closed` active tickets closed
 * because their contact already had one on the target (that one is kept); closed tickets stay.
 */
export const moveConnectionResult = z.object({
  moved: z.number(),
  closed: z.number(),
  usersMoved: z.number(),
  defaultMoved: z.boolean(),
});
export type MoveConnectionResult = z.infer<typeof moveConnectionResult>;
