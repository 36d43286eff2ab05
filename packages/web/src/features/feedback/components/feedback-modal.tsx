import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../lib/session";
import { FeedbackForm } from "./feedback-form";

interface FeedbackModalProps {
  open: boolean;
  onClose: () => void;
}

/** "Contact us": bug reports, ideas and other messages for the team behind the product. */
export function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("sm"));
  const user = useCurrentUser();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t("feedback.title")}</DialogTitle>
      {open && <FeedbackForm defaultName={user?.name ?? ""} onClose={onClose} />}
    </Dialog>
  );
}
