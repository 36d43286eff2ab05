import { requireAdmin, type Actor } from "../../core/actor.js";

/** Monitorings are an admin screen (spec §2): reading and writing them is for admins (docs/decisions/0037). */
export function assertCanManageMonitorings(actor: Actor): void {
  requireAdmin(actor);
}
