import { can } from "@atendo/contracts";
import MailOutlineIcon from "@mui/icons-material/MailOutline";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListSubheader from "@mui/material/ListSubheader";
import { useTranslation } from "../../lib/i18n";
import { useLocation } from "react-router";
import { configPageOf, getLastConfigPage } from "../../lib/last-config-page";
import { useCurrentUser } from "../../lib/session";
import { useUnreadCounts } from "../../lib/unread";
import { DrawerButton, DrawerLink } from "./drawer-item";
import { adminNavItems, mainNavItems, mayOpen, type NavItem } from "./nav-items";

interface DrawerNavProps {
  collapsed: boolean;
  onNavigate?: () => void;
  onContactUs: () => void;
}

function isActive(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || path.startsWith(`${target}/`);
}

/** The drawer's content: main items, the admin (or supervision) section, and "Contact us" at the bottom. */
export function DrawerNav({ collapsed, onNavigate, onContactUs }: DrawerNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const unread = useUnreadCounts();
  const isAdmin = can(user?.profile, "drawer-admin-items:view");
  // Admins see the whole section; a supervisor the screens of theirs in it (reports, monitor), as "Supervision".
  const sectionItems = adminNavItems.filter((item) => mayOpen(user?.profile, item));
  const sectionTitle = t(isAdmin ? "nav.administration" : "nav.supervision");

  // "Settings" leads to the configuration page open now, else the last one (read on every render:
  // each navigation renders the drawer, so the stored page is current).
  const configPage = configPageOf(pathname);
  const renderItem = (item: NavItem) => (
    <DrawerLink
      key={item.labelKey}
      item={item.configuration ? { ...item, to: configPage ?? getLastConfigPage() } : item}
      collapsed={collapsed}
      selected={item.configuration ? configPage !== undefined : isActive(pathname, item.to)}
      badge={item.badge ? unread[item.badge] : 0}
      onNavigate={onNavigate}
    />
  );

  return (
    <Box
      component="nav"
      aria-label={t("nav.label")}
      sx={{ display: "flex", flexDirection: "column", height: "100%", overflow: "hidden" }}
    >
      <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto", overflowX: "hidden" }}>
        <List>{mainNavItems.map(renderItem)}</List>
        {sectionItems.length > 0 && (
          <>
            <Divider />
            <List
              aria-label={sectionTitle}
              subheader={
                collapsed ? undefined : (
                  <ListSubheader sx={{ lineHeight: "36px", bgcolor: "transparent" }}>
                    {sectionTitle}
                  </ListSubheader>
                )
              }
            >
              {sectionItems.map(renderItem)}
            </List>
          </>
        )}
      </Box>
      <Divider />
      <List>
        <DrawerButton
          icon={MailOutlineIcon}
          label={t("nav.contactUs")}
          collapsed={collapsed}
          onClick={() => {
            onNavigate?.();
            onContactUs();
          }}
        />
      </List>
    </Box>
  );
}
