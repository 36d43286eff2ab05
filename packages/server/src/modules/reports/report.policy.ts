import { requireAdmin, type Actor } from "../../core/actor.js";

/** Who may read reports (the table, its CSV and the charts): admins (spec §6, /dashboard). */
export function assertCanReadReports(actor: Actor): void {
  requireAdmin(actor);
}
