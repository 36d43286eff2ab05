import { requireAdmin, type Actor } from "../../core/actor.js";

/**
 * Who may do what with connections (spec §6, docs/decisions/0011): they are an admin screen —
 * listing, reading (tokens and secrets included), creating, changing, deleting, their sessions,
 * destinations and the ticket count shown before a delete. Others get ERR_NO_PERMISSION.
 * Every user reaches a connection's tickets through the tickets' own rule (ticket.policy.ts).
 */
export function assertCanManageConnections(actor: Actor): void {
  requireAdmin(actor);
}
