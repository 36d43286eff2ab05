import { useTranslation } from "../../../lib/i18n";
import { useMatch, useNavigate } from "react-router";
import { showNotification } from "../../../lib/notifications";
import { paths } from "../../../lib/paths";
import { messageLine } from "../../messages";
import { useServerEvent } from "../../../lib/socket";
import { shouldNotify } from "./notification-rule";
import type { ListViewer } from "./ticket-list-cache";

/**
 * Browser notifications for new customer messages (spec §4): titled with the contact's name, the
 * message as body; a click opens the ticket.
 */
export function useTicketListNotifications(viewer: ListViewer | null): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useMatch(paths.ticket.pattern);
  const openTicketId = open?.params.ticketId ? Number(open.params.ticketId) : null;

  useServerEvent("appMessage", (event) => {
    if (!viewer) return;
    if (!shouldNotify(event, viewer, openTicketId, document.hidden)) return;
    const { message, ticket, contact } = event;
    showNotification({
      title: contact.name,
      body: messageLine(message, t),
      tag: `ticket-${ticket.id}`,
      onClick: () => void navigate(paths.ticket.href(ticket.id)),
    });
  });
}
