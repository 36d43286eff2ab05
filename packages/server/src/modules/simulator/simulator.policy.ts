import { requireAdmin, type Actor } from "../../core/actor.js";

/**
 * Who may use the customer simulator: admins, who write as a customer of an API connection and
 * read that customer's side. Checked before a multipart upload is read, and again by the service.
 */
export function assertCanUseSimulator(actor: Actor): void {
  requireAdmin(actor);
}
