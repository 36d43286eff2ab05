import { requireAdmin, type Actor } from "../../core/actor.js";

/** Who may watch the live monitor: admins (issue 30), as for reports. */
export function assertCanWatchMonitor(actor: Actor): void {
  requireAdmin(actor);
}
