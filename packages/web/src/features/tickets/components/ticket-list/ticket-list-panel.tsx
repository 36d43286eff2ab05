import type { Ticket, TicketSummary } from "@atendo/contracts";
import AddCommentIcon from "@mui/icons-material/AddComment";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { Tooltip } from "../../../../components/tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../../lib/i18n";
import { useNavigate } from "react-router";
import { QueryState } from "../../../../components/query-state";
import { SearchField } from "../../../../components/search-field";
import { VirtualRows } from "../../../../components/virtual-rows";
import { flattenPages } from "../../../../lib/paged-cache";
import { paths } from "../../../../lib/paths";
import { useCurrentUser } from "../../../../lib/session";
import { useTicketList } from "../../hooks/use-ticket-list";
import { useAcceptTicket } from "../../hooks/use-ticket-list-actions";
import { useTicketTabCount } from "../../hooks/use-ticket-list-counts";
import type { TicketListFilters } from "../../hooks/use-ticket-list-filters";
import { NotificationsPrompt } from "../notifications-prompt";
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
    <Box sx={{ height: "100%", display: "flex", flexDirection: "column", minHeight: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, p: 1.5, pb: 1 }}>
        <SearchField label={t("ticketList.search")} value={filters.searchText} onChange={filters.setSearchText} />
        <TicketListFilterMenu filters={filters} />
        <Tooltip title={t("ticketList.newTicket.open")}>
          <IconButton color="primary" aria-label={t("ticketList.newTicket.open")} onClick={onNewTicket}>
            <AddCommentIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <TicketListDateChip date={filters.date} onChange={filters.setDate} />
      <NotificationsPrompt />
      <TicketListTabs
        value={filters.searching ? null : filters.tab}
        onChange={filters.selectTab}
        showClosed={filters.showClosed}
        counts={{ pending: pending.data, open: open.data }}
      />
      {filters.searching && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pt: 1 }} role="status">
          {t(query.data?.pages[0]?.countCapped ? "ticketList.searchResultsCapped" : "ticketList.searchResults", { count: query.data?.pages[0]?.count ?? 0 })}
        </Typography>
      )}
      <Box sx={{ flex: 1, minHeight: 0, position: "relative" }}>
        <Box sx={{ p: query.error ? 1.5 : 0 }}>
          <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        </Box>
        {query.data && (
          <VirtualRows
            items={tickets}
            label={t(`ticketList.views.${view}`)}
            empty={t(filters.searching ? "common.noResults" : `ticketList.empty.${filters.tab}`)}
            hasNextPage={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            onEndReached={() => void query.fetchNextPage()}
            renderRow={(ticket) => (
              <TicketRow
                ticket={ticket}
                selected={ticket.id === selectedId}
                onAccept={acceptTicket}
                accepting={accept.isPending && accept.variables === ticket.id}
              />
            )}
          />
        )}
      </Box>
    </Box>
  );
}
