import { can } from "@atendo/contracts";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";

/** Who may read reports (the table, its CSV and the charts): admins and supervisors (spec §6, /dashboard; decision 0099). */
export function assertCanReadReports(actor: Actor): void {
  if (!can(actor.profile, "reports:view")) throw new AppError("ERR_NO_PERMISSION");
}
