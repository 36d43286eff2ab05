import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useTranslation } from "../../../lib/i18n";

interface AssistantTextDialogProps {
  open: boolean;
  title: string;
  /** What the text is about (the message translated), shown above it. */
  source?: ReactNode;
  /** The assistant's answer; undefined while it is on its way. */
  text: string | undefined;
  failed: boolean;
  onClose(): void;
}

/** A summary or a translation: read-only, shown while the user stays in the ticket. */
export function AssistantTextDialog({ open, title, source, text, failed, onClose }: AssistantTextDialogProps) {
  const { t } = useTranslation();
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={title}>
      <DialogContent>
        {source}
        {text !== undefined ? (
          <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="assistant-text">
            {text || t("assistantPanel.empty")}
          </Typography>
        ) : failed ? (
          <Typography color="error">{t("assistantPanel.failed")}</Typography>
        ) : (
          <Typography color="text.secondary" sx={{ display: "flex", gap: 1, alignItems: "center" }}>
            <CircularProgress size={18} /> {t("assistantPanel.working")}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("assistantPanel.close")}</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
