import { can } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { DialogSpinner } from "../../../components/dialog-query-state";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useCurrentUser } from "../../../lib/session";
import { TwoFactorSection } from "../../two-factor";
import { useUser } from "../hooks/use-user";
import { AdminProfileForm } from "./admin-profile-form";
import { PushNotificationsSwitch } from "./push-notifications-switch";
import { UserProfileForm } from "./user-profile-form";

interface ProfileModalProps {
  open: boolean;
  onClose: () => void;
}

/** The signed-in user's own edit modal, opened from the app bar's profile menu. */
export function ProfileModal({ open, onClose }: ProfileModalProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("profile.title")}>
      {open && <ProfileModalBody onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function ProfileModalBody({ onClose }: { onClose: () => void }) {
  const me = useCurrentUser();
  const query = useUser(me?.id ?? 0, me ?? undefined);
  const user = query.data;
  // Wait for the fresh copy so the form's defaults are current (the session's copy if that fails).
  if (!me || !user || (query.isPlaceholderData && !query.isError)) return <DialogSpinner />;
  return (
    <>
      <PushNotificationsSwitch />
      <TwoFactorSection />
      {can(me.profile, "user-modal:editProfile") ? (
        <AdminProfileForm user={user} onClose={onClose} />
      ) : (
        <UserProfileForm user={user} onClose={onClose} />
      )}
    </>
  );
}
