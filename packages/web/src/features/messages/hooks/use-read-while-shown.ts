import type { Ticket } from "@atendo/contracts";
import { useMemo } from "react";
import { useCurrentUser } from "../../../lib/session";
import { useReadOnArrival } from "../../../lib/read-on-arrival";
import { singleFlight } from "../../../lib/single-flight";
import { useServerEvent } from "../../../lib/socket";
import { markMessagesRead } from "../api/messages.api";

/**
 * A customer's message shown in the ticket on screen is read (issue 11): the owner's view tells
 * the server when it arrives while the page is visible, or when the page shows again after it
 * arrived hidden. The server resets the count and announces `updateUnread`, which clears the
 * list's badge, the drawer's and the title's. Only the owner's reading counts (as on the server),
 * so nobody else calls.
 */
export function useReadWhileShown(ticket: Ticket): void {
  const user = useCurrentUser();
  const owner = user !== null && ticket.userId === user.id;
  const markRead = useMemo(() => singleFlight(() => markMessagesRead(ticket.id)), [ticket.id]);
  const arrived = useReadOnArrival(markRead);

  useServerEvent("appMessage", (event) => {
    if (event.action !== "create" || event.message.ticketId !== ticket.id || event.message.fromMe || !owner) return;
    arrived();
  });
}
