import Checkbox from "@mui/material/Checkbox";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import { useTranslation } from "../../../../lib/i18n";
import { QueueChip } from "../../../../components/queue-chip";
import { TagChip, useTags } from "../../../tags";
import type { TicketListFilters } from "../../hooks/use-ticket-list-filters";
import { TicketListDateField } from "./ticket-list-date-field";

export interface TicketListFilterItemsProps {
  filters: TicketListFilters;
  menuId: string;
  /** The filter button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The filter menu's items (spec §2): closed-tickets checkbox, for admins "show all tickets", the
 * day, the user's queues. Its own module, downloaded when the menu first opens (the date field,
 * checkboxes and switch are not part of the list's first load, docs/decisions/0043).
 */
export function TicketListFilterItems({ filters, menuId, anchor, onClose }: TicketListFilterItemsProps) {
  const { t } = useTranslation();
  const tags = useTags().data ?? [];
  return (
    <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
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
      <MenuItem
        role="menuitemcheckbox"
        aria-checked={filters.sort === "slaDue"}
        onClick={() => filters.setSort(filters.sort === "slaDue" ? "activity" : "slaDue")}
      >
        <ListItemIcon>
          <Checkbox edge="start" size="small" checked={filters.sort === "slaDue"} tabIndex={-1} disableRipple slotProps={{ input: { "aria-hidden": true } }} />
        </ListItemIcon>
        <ListItemText secondary={t("sla.sort.hint")}>{t("sla.sort.label")}</ListItemText>
      </MenuItem>
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
      {tags.length > 0 && <Divider />}
      {tags.length > 0 && <ListSubheader sx={{ lineHeight: "32px" }}>{t("tags.filter")}</ListSubheader>}
      {tags.map((tag) => {
        const checked = filters.tagIds.includes(tag.id);
        return (
          <MenuItem key={tag.id} role="menuitemcheckbox" aria-checked={checked} aria-label={tag.name} onClick={() => filters.toggleTag(tag.id)}>
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { "aria-hidden": true } }} />
            </ListItemIcon>
            <TagChip tag={tag} />
          </MenuItem>
        );
      })}
    </Menu>
  );
}
