import { useQueryClient } from "@tanstack/react-query";
import { updateFilteredLists } from "../../../lib/paged-cache";
import { useServerEvent } from "../../../lib/socket";
import { toast } from "../../../lib/toast";
import { useTranslation } from "../../../lib/i18n";
import { ticketListsKey } from "./use-ticket-list";
import type { TicketListData, TicketListFilter } from "./ticket-list-cache";

/**
 * `slaBreached` (issue 30): a ticket of the user's (their own, their queue's, or any for admins)
 * missed a target. Said at once in a toast, and marked breached in the cached lists (the row's chip
 * already turned by its own timer; the flag is for what reads it).
 */
export function useSlaBreachAlerts(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useServerEvent("slaBreached", (event) => {
    const field = event.target === "firstResponse" ? "firstResponseBreached" : "resolutionBreached";
    updateFilteredLists<TicketListData, TicketListFilter>(queryClient, ticketListsKey, (data) => ({
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        tickets: page.tickets.map((ticket) => (ticket.id === event.ticketId ? { ...ticket, sla: { ...ticket.sla, [field]: true } } : ticket)),
      })),
    }));
    toast.warning(t("sla.breachedToast", { target: t(`sla.target.${event.target}`), id: event.ticketId }));
  });
}
