import { can } from "@atendo/contracts";
import Box from "@mui/material/Box";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId, useState } from "react";
import { Outlet } from "react-router";
import { OfflineBanner } from "../../components/offline-banner";
import { ShutdownBanner } from "../../components/shutdown-banner";
import { lazyDialog } from "../../components/lazy-dialog";
import { UpdateBanner } from "../../components/update-banner";
import { loadPageTexts } from "../../lib/i18n";
import { useCurrentUser } from "../../lib/session";
import { ChatsBackground } from "../../features/chats";
import { TagsBackground } from "../../features/tags";
import { TicketsBackground } from "../../features/tickets";
import { AppDrawer } from "./app-drawer";
import { AppTopBar } from "./app-top-bar";
import { ConfigurationTabs } from "./configuration-tabs-gate";
import { ShortcutsHost } from "./shortcuts-host";

// Downloads when first opened: the shell's first load carries neither the form nor zod.
const FeedbackModal = lazyDialog(
  () => Promise.all([import("../../features/feedback/components/feedback-modal"), loadPageTexts()]).then(([module]) => module.FeedbackModal),
  (props) => props.open,
);

// Admins only, so it downloads for them alone, after the shell, with its texts (a page-only block):
// attendants' first load carries neither.
const ConnectionAlertBanner = lazyDialog(
  () =>
    Promise.all([import("../../features/connections/components/connection-alert-banner"), loadPageTexts()]).then(([module]) => module.ConnectionAlertBanner),
  (props: { admin: boolean }) => props.admin,
);

/** Below this width the drawer is temporary (spec §2; contracts layout.temporaryDrawerBelow). */
const temporaryDrawerQuery = "(max-width:599.95px)";

/** The signed-in frame: banner, app bar, collapsible drawer, page; only the page scrolls. */
export function AppShell() {
  const temporary = useMediaQuery(temporaryDrawerQuery, { noSsr: true });
  const [expanded, setExpanded] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const drawerId = useId();
  const menuOpen = temporary ? mobileOpen : expanded;
  const admin = can(useCurrentUser()?.profile, "drawer-admin-items:view");

  return (
    // The frame is the window, exactly: pinned to it and clipping, so nothing inside can make the
    // document scroll (a wheel would push the app bar and the drawer off screen); pages scroll
    // inside <main>, which also contains what they position absolutely.
    <Box sx={{ position: "fixed", inset: 0, overflow: "hidden", display: "flex", flexDirection: "column", bgcolor: "background.default" }}>
      <ShutdownBanner />
      <UpdateBanner />
      <OfflineBanner />
      <ConnectionAlertBanner admin={admin} />
      <AppTopBar
        menuOpen={menuOpen}
        drawerId={drawerId}
        onToggleMenu={() => (temporary ? setMobileOpen((open) => !open) : setExpanded((open) => !open))}
      />
      <Box sx={{ flex: 1, display: "flex", minHeight: 0 }}>
        <AppDrawer
          id={drawerId}
          temporary={temporary}
          open={menuOpen}
          onClose={() => setMobileOpen(false)}
          onContactUs={() => setFeedbackOpen(true)}
        />
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          {/* Outside <main>, so it stays in view while a configuration page scrolls. */}
          <ConfigurationTabs />
          {/* The page scrolls here, not in the window: a tab stop lets keyboard users scroll a page with nothing focusable in it (About). */}
          <Box component="main" tabIndex={0} sx={{ flex: 1, minHeight: 0, overflow: "auto", position: "relative" }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
      <FeedbackModal open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
      <TicketsBackground />
      <ChatsBackground />
      <ShortcutsHost />
      <TagsBackground />
    </Box>
  );
}
