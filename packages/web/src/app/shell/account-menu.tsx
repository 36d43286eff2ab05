import Avatar from "@mui/material/Avatar";
import IconButton from "@mui/material/IconButton";
import { useId, useState } from "react";
import { loadPageTexts, useTranslation } from "../../lib/i18n";
import { lazyDialog } from "../../components/lazy-dialog";
import { useLogout } from "../../features/auth";
import { useCurrentUser } from "../../lib/session";

// The menu (MUI's Menu, Popover and MenuItem) downloads when first opened, not with the shell.
const AccountMenuItems = lazyDialog(
  () => import("./account-menu-items").then((module) => module.AccountMenuItems),
  (props) => props.anchor !== null,
);

// Downloads when first opened: the shell's first load carries neither the forms nor zod.
const ProfileModal = lazyDialog(
  () => Promise.all([import("../../features/users/components/profile-modal"), loadPageTexts()]).then(([module]) => module.ProfileModal),
  (props) => props.open,
);

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

/** The profile menu of the app bar: own profile modal and logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const menuId = useId();
  if (!user) return null;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t("appBar.account")}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: "primary.dark" }}>{initials(user.name)}</Avatar>
      </IconButton>
      <AccountMenuItems
        user={user}
        menuId={menuId}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        onProfile={() => {
          setAnchor(null);
          setProfileOpen(true);
        }}
        onLogout={() => {
          setAnchor(null);
          void logout();
        }}
      />
      <ProfileModal open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
}
