import FilterListIcon from "@mui/icons-material/FilterList";
import Badge from "@mui/material/Badge";
import Checkbox from "@mui/material/Checkbox";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import Tooltip from "@mui/material/Tooltip";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueueChip } from "../../../../components/queue-chip";
import type { TicketListFilters } from "../../hooks/use-ticket-list-filters";
import { TicketListDateField } from "./ticket-list-date-filter";

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
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem role="menuitemcheckbox" aria-checked={filters.showClosed} onClick={() => filters.setShowClosed(!filters.showClosed)}>
          <ListItemIcon>
            <Checkbox edge="start" size="small" checked={filters.showClosed} tabIndex={-1} disableRipple slotProps={{ input: { "aria-hidden": true } }} />
          </ListItemIcon>
          <ListItemText>{t("ticketList.showClosed")}</ListItemText>
        </MenuItem>
        {filters.mayShowAll && (
          <MenuItem role="menuitemcheckbox" aria-checked={filters.showAll} onClick={() => filters.setShowAll(!filters.showAll)}>
            <ListItemIcon>
              <Switch edge="start" size="small" checked={filters.showAll} tabIndex={-1} slotProps={{ input: { "aria-hidden": true } }} />
            </ListItemIcon>
            <ListItemText>{t("ticketList.showAll")}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <TicketListDateField date={filters.date} onChange={filters.setDate} />
        {filters.myQueues.length > 0 && <Divider />}
        {filters.myQueues.length > 0 && <ListSubheader sx={{ lineHeight: "32px" }}>{t("ticketList.queues")}</ListSubheader>}
        {filters.myQueues.map((queue) => {
          const checked = filters.selectedQueueIds.includes(queue.id);
          return (
            <MenuItem key={queue.id} role="menuitemcheckbox" aria-checked={checked} aria-label={queue.name} onClick={() => filters.toggleQueue(queue.id)}>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { "aria-hidden": true } }} />
              </ListItemIcon>
              <QueueChip name={queue.name} color={queue.color} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
