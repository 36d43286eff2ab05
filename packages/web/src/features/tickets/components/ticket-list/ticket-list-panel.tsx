import type { Ticket, TicketSummary } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../../lib/i18n";
import { useNavigate } from "react-router";
import { ConversationListPanel } from "../../../../components/conversation-list-panel";
import { flattenPages } from "../../../../lib/paged-cache";
import { paths } from "../../../../lib/paths";
import { useCurrentUser } from "../../../../lib/session";
import { useShortcutActions } from "../../../shortcuts";
import { useTicketList } from "../../hooks/use-ticket-list";
import { useAcceptTicket } from "../../hooks/use-ticket-list-actions";
import { useTicketTabCount } from "../../hooks/use-ticket-list-counts";
import type { TicketListFilters } from "../../hooks/use-ticket-list-filters";
import { NotificationsPrompt } from "../notifications-prompt";
import { useTicketBulkSelection } from "./ticket-bulk-selection";
import { TicketListDateChip } from "./ticket-list-date-filter";
import { TicketListFilterMenu } from "./ticket-list-filter-menu";
import { TicketListTabs } from "./ticket-list-tabs";
import { TicketRow } from "./ticket-row";

interface TicketListPanelProps {
  filters: TicketListFilters;
  selectedId: number | null;
  onNewTicket: () => void;
  onAlreadyOpen: (ticket: TicketSummary) => void;
}

/** The left side of /tickets: search, filters, new-ticket button, tabs and the rows. */
export function TicketListPanel({ filters, selectedId, onNewTicket, onAlreadyOpen }: TicketListPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const query = useTicketList(filters.filter);
  const pending = useTicketTabCount(filters.countFilters.pending);
  const open = useTicketTabCount(filters.countFilters.open);
  const accept = useAcceptTicket(me?.id ?? 0);
  const tickets = flattenPages(query.data, "tickets");
  const view = filters.searching ? "search" : filters.tab;
  const bulk = useTicketBulkSelection(tickets);

  // J, K and / (docs/decisions/0076): the next or previous row of the list as loaded, the search box.
  const go = (step: 1 | -1) => {
    const index = tickets.findIndex((ticket) => ticket.id === selectedId);
    const target = index < 0 ? tickets[0] : tickets[index + step];
    if (target) void navigate(paths.ticket.href(target.id));
  };
  const searchLabel = t("ticketList.search");
  useShortcutActions({
    nextTicket: tickets.length > 0 ? () => go(1) : null,
    previousTicket: tickets.length > 0 ? () => go(-1) : null,
    search: () => document.querySelector<HTMLInputElement>(`input[aria-label="${CSS.escape(searchLabel)}"]`)?.focus(),
  });

  function acceptTicket(ticket: Ticket): void {
    accept.mutate(ticket.id, {
      onSuccess: (result) => {
        if (result.ticketIsOpen) onAlreadyOpen(result.ticket);
        else {
          filters.followTicket(result.ticket.status);
          void navigate(paths.ticket.href(ticket.id));
        }
      },
    });
  }

  return (
    <ConversationListPanel
      search={{ label: searchLabel, value: filters.searchText, onChange: filters.setSearchText }}
      searchTools={
        <>
          <TicketListFilterMenu filters={filters} />
          {bulk.tool}
        </>
      }
      newLabel={t("ticketList.newTicket.open")}
      onNew={onNewTicket}
      query={query}
      items={tickets}
      label={t(`ticketList.views.${view}`)}
      empty={t(filters.searching ? "common.noResults" : `ticketList.empty.${filters.tab}`)}
      renderRow={(ticket) =>
        bulk.renderRow(
          ticket,
          <TicketRow
            ticket={ticket}
            selected={ticket.id === selectedId}
            onAccept={acceptTicket}
            accepting={accept.isPending && accept.variables === ticket.id}
          />,
        )
      }
    >
      <TicketListDateChip date={filters.date} onChange={filters.setDate} />
      <NotificationsPrompt />
      <TicketListTabs
        value={filters.searching ? null : filters.tab}
        onChange={filters.selectTab}
        showClosed={filters.showClosed}
        counts={{ pending: pending.data, open: open.data }}
      />
      {bulk.bar}
      {filters.searching && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pt: 1 }} role="status">
          {t(query.data?.pages[0]?.countCapped ? "ticketList.searchResultsCapped" : "ticketList.searchResults", { count: query.data?.pages[0]?.count ?? 0 })}
        </Typography>
      )}
    </ConversationListPanel>
  );
}
