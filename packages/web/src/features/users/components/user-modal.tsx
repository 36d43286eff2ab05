import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { DialogQueryState } from "../../../components/dialog-query-state";
import { paths } from "../../../lib/paths";
import { useUserForEdit } from "../hooks/use-users";
import { UserForm } from "./user-form";

/** /users/new and /users/edit/:id: the user modal over the users table; closing returns to /users. */
export function UserModal() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const userId = id ? Number(id) : undefined;
  const close = () => setOpen(false);
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => void navigate(paths.users) } }}
    >
      <DialogTitle id={titleId}>{userId ? t("users.editTitle") : t("users.newTitle")}</DialogTitle>
      {userId ? <EditUserBody id={userId} onClose={close} /> : <UserForm onClose={close} />}
    </Dialog>
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
