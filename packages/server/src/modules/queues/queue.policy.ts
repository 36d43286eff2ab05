import { requireAdmin, type Actor } from "../../core/actor.js";

/**
 * Who may do what with queues (docs/decisions/0006): every signed-in user reads them (they filter
 * their lists and transfer tickets by queue); creating, changing and deleting them is for admins.
 */
export function assertCanManageQueues(actor: Actor): void {
  requireAdmin(actor);
}
