import { useTranslation } from "react-i18next";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useCurrentUser } from "../../../lib/session";
import { FeedbackForm } from "./feedback-form";

interface FeedbackModalProps {
  open: boolean;
  onClose: () => void;
}

/** "Contact us": bug reports, ideas and other messages for the team behind the product. */
export function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t("feedback.title")}>
      {open && <FeedbackForm defaultName={user?.name ?? ""} onClose={onClose} />}
    </ResponsiveDialog>
  );
}
