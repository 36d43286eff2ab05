import { can, type Message, type ShowTicketResponse, type Ticket } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useCurrentUser } from "../../../lib/session";
import { usesOtherConnection } from "../lib/connection-check";

/**
 * What the user may do with a message of `ticket`'s list: delete only own messages sent from
 * Atendo (its sender or an admin); reply and delete only when the message's ticket uses the
 * connection of the ticket on screen (spec §4).
 */
export function useMessagePermissions(ticket: Ticket) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { ticketId: routeTicketId } = useParams();
  const connectionOf = (ticketId: number): number | null => {
    if (ticketId === ticket.id) return ticket.whatsappId;
    const cached = queryClient.getQueryData<ShowTicketResponse>(["tickets", "detail", ticketId]);
    return cached?.hasPermission ? cached.ticket.whatsappId : null;
  };
  const onScreen = Number(routeTicketId);
  const currentConnection = Number.isInteger(onScreen) && onScreen > 0 ? connectionOf(onScreen) : ticket.whatsappId;

  return {
    canDelete: (message: Message) =>
      message.fromMe && !message.isDeleted && message.mediaType !== "chat-automatic" && user !== null && (can(user.profile, "tickets:writeAll") || message.userId === user.id),
    isOtherConnection: (message: Message) => usesOtherConnection(connectionOf(message.ticketId), currentConnection ?? ticket.whatsappId),
  };
}
