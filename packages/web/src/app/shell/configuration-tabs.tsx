import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link as RouterLink } from "react-router";
import { configNavItems } from "./config-nav-items";

/**
 * The configuration pages one click apart (spec §2: connections, users, queues, menus,
 * announcements, monitoring, general): shown over each of them and their forms, scrollable when
 * the window is narrow; arrow keys move between the tabs, Enter opens one.
 */
export function ConfigurationTabs({ current }: { current: string }) {
  const { t } = useTranslation();
  const navRef = useRef<HTMLElement>(null);
  // MUI scrolls the selected tab into view before its scroll buttons take their room, which can
  // leave it half hidden on a phone: bring it fully into view whenever the tab strip changes size.
  useEffect(() => {
    const scroller = navRef.current?.querySelector(".MuiTabs-scroller");
    if (!scroller) return;
    const observer = new ResizeObserver(() =>
      scroller.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: "nearest", inline: "nearest" }),
    );
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [current]);
  return (
    <Box ref={navRef} component="nav" aria-label={t("nav.configuration.label")} sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper", flexShrink: 0 }}>
      <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t("nav.configuration.label")}>
        {configNavItems.map(({ to, labelKey, icon: Icon }) => (
          <Tab
            key={to}
            value={to}
            label={t(labelKey)}
            icon={<Icon fontSize="small" />}
            iconPosition="start"
            component={RouterLink}
            to={to}
            aria-current={to === current ? "page" : undefined}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
    </Box>
  );
}
