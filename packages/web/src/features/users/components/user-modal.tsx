import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { DialogQueryState } from "../../../components/dialog-query-state";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { paths } from "../../../lib/paths";
import { useUserForEdit } from "../hooks/use-users";
import { UserForm } from "./user-form";

/** /users/new and /users/edit/:id: the user modal over the users table; closing returns to /users. */
export function UserModal() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const userId = id ? Number(id) : undefined;
  const close = () => setOpen(false);
  return (
    <ResponsiveDialog
      open={open}
      onClose={close}
      title={userId ? t("users.editTitle") : t("users.newTitle")}
      onExited={() => void navigate(paths.users)}
    >
      {userId ? <EditUserBody id={userId} onClose={close} /> : <UserForm onClose={close} />}
    </ResponsiveDialog>
  );
}

function EditUserBody({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useUserForEdit(id);
  // Wait for the fresh copy: the form's defaults are read once.
  if (query.error || !query.data || !query.isFetchedAfterMount) {
    return <DialogQueryState error={query.error} onRetry={() => void query.refetch()} onClose={onClose} />;
  }
  return <UserForm user={query.data} onClose={onClose} />;
}
