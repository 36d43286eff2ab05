import { can } from "@atendo/contracts";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../lib/session";
import { useUser } from "../hooks/use-user";
import { AdminProfileForm } from "./admin-profile-form";
import { UserProfileForm } from "./user-profile-form";

interface ProfileModalProps {
  open: boolean;
  onClose: () => void;
}

/** The signed-in user's own edit modal, opened from the app bar's profile menu. */
export function ProfileModal({ open, onClose }: ProfileModalProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("profile.title")}</DialogTitle>
      {open && <ProfileModalBody onClose={onClose} />}
    </Dialog>
  );
}

function ProfileModalBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const query = useUser(me?.id ?? 0, me ?? undefined);
  const user = query.data;
  // Wait for the fresh copy so the form's defaults are current (the session's copy if that fails).
  if (!me || !user || (query.isPlaceholderData && !query.isError)) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", p: 4 }}>
        <CircularProgress aria-label={t("common.loading")} />
      </Box>
    );
  }
  return can(me.profile, "user-modal:editProfile") ? (
    <AdminProfileForm user={user} onClose={onClose} />
  ) : (
    <UserProfileForm user={user} onClose={onClose} />
  );
}
