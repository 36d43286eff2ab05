import type { AppMessageEvent } from "@atendo/contracts";
import { isOwnWork, type ListViewer } from "./ticket-list-cache";

/**
 * Whether a live message deserves a browser notification (spec §4): a new message from the
 * customer, in a ticket that is the user's work (owned, participated, or waiting in their queues
 * or in none — an admin is not told about every conversation), unless that ticket is open on
 * screen and the tab is visible.
 */
export function shouldNotify(
  event: AppMessageEvent,
  viewer: ListViewer,
  openTicketId: number | null,
  documentHidden: boolean,
): event is Extract<AppMessageEvent, { action: "create" }> {
  if (event.action !== "create" || event.message.fromMe) return false;
  if (event.ticket.status === "closed" || !isOwnWork(event.ticket, viewer)) return false;
  return event.ticket.id !== openTicketId || documentHidden;
}
