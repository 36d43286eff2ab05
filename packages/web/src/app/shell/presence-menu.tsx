import { presenceStatuses, type PresenceStatus } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useId, useState } from "react";
import { PresenceDot } from "../../components/presence-dot";
import { lazyDialog } from "../../components/lazy-dialog";
import { useSetOwnPresence } from "../../features/presence";
import { useTranslation } from "../../lib/i18n";
import { usePresence } from "../../lib/presence";
import { useCurrentUser } from "../../lib/session";

// The menu (MUI's Menu, Popover and MenuItem) downloads when first opened, not with the shell.
const PresenceMenuItems = lazyDialog(
  () => import("./presence-menu-items").then((module) => module.PresenceMenuItems),
  (props) => props.anchor !== null,
);

/**
 * The signed-in user's presence in the app bar: its dot (and name, on wider screens) and a menu to
 * choose online, away or offline (the status shown comes live from lib/presence.ts).
 */
export function PresenceMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = useSetOwnPresence();
  const status = usePresence(user?.id ?? 0, user?.presence) ?? "offline";
  if (!user) return null;
  const shown: PresenceStatus = choose.isPending && choose.variables ? choose.variables : status;

  return (
    <>
      <Button
        color="inherit"
        aria-label={t("presence.current", { status: t(`presence.status.${shown}`) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, px: 1, gap: 1 }}
      >
        <Box component="span" sx={{ display: "inline-flex", p: "3px", borderRadius: "50%", bgcolor: "common.white" }}>
          <PresenceDot status={shown} decorative size={12} />
        </Box>
        <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
          {t(`presence.status.${shown}`)}
        </Box>
      </Button>
      <PresenceMenuItems
        menuId={menuId}
        anchor={anchor}
        current={shown}
        statuses={presenceStatuses}
        onChoose={(next) => {
          setAnchor(null);
          if (next !== status) choose.mutate(next);
        }}
        onClose={() => setAnchor(null)}
      />
    </>
  );
}
