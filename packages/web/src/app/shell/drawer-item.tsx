import Badge from "@mui/material/Badge";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import type SvgIcon from "@mui/material/SvgIcon";
import { Tooltip } from "../../components/tooltip";
import type { ReactElement } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link as RouterLink } from "react-router";
import type { NavItem } from "./nav-items";

const itemSx = { minHeight: 42, px: 2.5, py: 0.5 } as const;

function ItemIcon({ icon: Icon, badge, collapsed }: { icon: typeof SvgIcon; badge: number; collapsed: boolean }) {
  return (
    <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, justifyContent: "center" }}>
      {/* The count is announced through the link's description, so the badge itself is hidden. */}
      <Badge badgeContent={badge > 0 ? badge : null} color="error" max={99} slotProps={{ badge: { "aria-hidden": true } }}>
        <Icon />
      </Badge>
    </ListItemIcon>
  );
}

/** Each entry is a list item of its own (a <ul> may only hold <li>s: screen readers count them). */
function withTooltip(collapsed: boolean, label: string, element: ReactElement<object>) {
  return (
    <ListItem disablePadding>
      {collapsed ? (
        <Tooltip title={label} placement="right">
          {element}
        </Tooltip>
      ) : (
        element
      )}
    </ListItem>
  );
}

const labelSx = (collapsed: boolean) => ({ opacity: collapsed ? 0 : 1, transition: "opacity 150ms" });

interface DrawerLinkProps {
  item: NavItem;
  collapsed: boolean;
  selected: boolean;
  badge: number;
  onNavigate?: () => void;
}

export function DrawerLink({ item, collapsed, selected, badge, onNavigate }: DrawerLinkProps) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  return withTooltip(
    collapsed,
    label,
    <ListItemButton
      component={RouterLink}
      to={item.to}
      selected={selected}
      aria-current={selected ? "page" : undefined}
      aria-description={badge > 0 ? t("nav.unread", { value: badge }) : undefined}
      onClick={onNavigate}
      sx={itemSx}
    >
      <ItemIcon icon={item.icon} badge={badge} collapsed={collapsed} />
      <ListItemText primary={label} sx={labelSx(collapsed)} />
    </ListItemButton>,
  );
}

interface DrawerButtonProps {
  icon: typeof SvgIcon;
  label: string;
  collapsed: boolean;
  onClick: () => void;
}

export function DrawerButton({ icon, label, collapsed, onClick }: DrawerButtonProps) {
  return withTooltip(
    collapsed,
    label,
    <ListItemButton onClick={onClick} sx={itemSx}>
      <ItemIcon icon={icon} badge={0} collapsed={collapsed} />
      <ListItemText primary={label} sx={labelSx(collapsed)} />
    </ListItemButton>,
  );
}
