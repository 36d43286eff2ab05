import FilterListIcon from "@mui/icons-material/FilterList";
import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import { Tooltip } from "../../../../components/tooltip";
import { useId, useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { lazyDialog } from "../../../../components/lazy-dialog";
import type { TicketListFilters } from "../../hooks/use-ticket-list-filters";

// The menu's items download when it first opens (ticket-list-filter-items.tsx).
const TicketListFilterItems = lazyDialog(
  () => import("./ticket-list-filter-items").then((module) => module.TicketListFilterItems),
  (props) => props.anchor !== null,
);

/**
 * The filter menu (spec §2): closed-tickets checkbox, the user's queues (all ticked by default),
 * for admins "show all tickets", and the day the tickets were updated on (spec §7 `date`). A dot
 * on the button says a filter is on.
 */
export function TicketListFilterMenu({ filters }: { filters: TicketListFilters }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Tooltip title={t("ticketList.filters")}>
        <IconButton
          aria-label={t("ticketList.filters")}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? "true" : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge color="primary" variant="dot" invisible={!filters.filtersActive}>
            <FilterListIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <TicketListFilterItems filters={filters} menuId={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
