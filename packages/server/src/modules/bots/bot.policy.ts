import { requireAdmin, type Actor } from "../../core/actor.js";

/** Bots are an admin screen, like menus and announcements (docs/decisions/0092). */
export function assertCanManageBots(actor: Actor): void {
  requireAdmin(actor);
}
