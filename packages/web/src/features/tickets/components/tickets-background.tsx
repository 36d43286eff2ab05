import { useSlaBreachAlerts } from "../hooks/use-sla-breach-alerts";
import { useUnreadTicketsFeed } from "../hooks/use-ticket-list-counts";
import { useTicketListLive } from "../hooks/use-ticket-list-live";
import { useTicketListNotifications } from "../hooks/use-ticket-list-notifications";
import { useTicketListViewer } from "../hooks/use-ticket-list-viewer";

/**
 * The tickets' work that goes on whatever page is shown: live list updates, the unread badge and
 * title count, browser notifications. Mounted once by the app shell.
 */
export function TicketsBackground() {
  const viewer = useTicketListViewer();
  useTicketListLive(viewer);
  useUnreadTicketsFeed(viewer !== null);
  useTicketListNotifications(viewer);
  useSlaBreachAlerts();
  return null;
}
