import type { PresenceStatus } from "@atendo/contracts";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { PresenceDot } from "../../components/presence-dot";
import { useTranslation } from "../../lib/i18n";

export interface PresenceMenuItemsProps {
  menuId: string;
  /** The presence button while the menu is open, else null. */
  anchor: HTMLElement | null;
  current: PresenceStatus;
  statuses: readonly PresenceStatus[];
  onChoose: (status: PresenceStatus) => void;
  onClose: () => void;
}

/** The presence menu itself: its own module, downloaded when first opened (docs/decisions/0043). */
export function PresenceMenuItems({ menuId, anchor, current, statuses, onChoose, onClose }: PresenceMenuItemsProps) {
  const { t } = useTranslation();
  return (
    <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {statuses.map((status) => (
        <MenuItem key={status} role="menuitemradio" aria-checked={status === current} selected={status === current} onClick={() => onChoose(status)}>
          <ListItemIcon>
            <PresenceDot status={status} decorative size={12} />
          </ListItemIcon>
          <ListItemText primary={t(`presence.status.${status}`)} secondary={t(`presence.hint.${status}`)} />
        </MenuItem>
      ))}
    </Menu>
  );
}
