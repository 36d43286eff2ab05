import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { DialogRecord } from "../../../components/dialog-query-state";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { paths } from "../../../lib/paths";
import { useIdParam } from "../../../lib/use-id-param";
import { useUserForEdit } from "../hooks/use-users";
import { UserForm } from "./user-form";

/** /users/new and /users/edit/:id: the user modal over the users table; closing returns to /users. */
export function UserModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const userId = useIdParam();
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
  return (
    <DialogRecord query={query} onClose={onClose}>
      {(user) => <UserForm user={user} onClose={onClose} />}
    </DialogRecord>
  );
}
