import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { useId } from "react";
import { useTranslation } from "../lib/i18n";
import type { ApiError } from "../lib/api-error";
import { errorMessage } from "../lib/error-message";

interface InUseDialogProps {
  open: boolean;
  /** The refused delete (ERR_DESTINATION_IN_USE), kept while the dialog fades out. */
  error: ApiError | null;
  onClose: () => void;
}

/**
 * Says why a delete was refused: customers are still routed to the record, and by whom (the
 * connections, menus, announcements and monitorings to point elsewhere first).
 */
export function InUseDialog({ open, error, onClose }: InUseDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const usedBy = error?.usedBy ?? [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t("inUse.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{error ? errorMessage(error) : ""}</DialogContentText>
        {usedBy.length > 0 && (
          <List dense aria-label={t("inUse.usedBy")} sx={{ mt: 1 }}>
            {usedBy.map((user) => (
              <ListItem key={`${user.type}-${user.id}`} disableGutters>
                <ListItemText primary={user.name} secondary={t(`inUse.kinds.${user.type}`)} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t("inUse.ok")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
