import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useCurrentUser } from "../../../lib/session";
import type { FeedbackOutcome } from "../hooks/use-send-feedback";
import { FeedbackForm } from "./feedback-form";
import { FeedbackSent } from "./feedback-sent";

interface FeedbackModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Contact us": bug reports, ideas and other messages for the team behind the product. Once sent,
 * the dialog says where the message went instead of a toast that vanishes.
 */
export function FeedbackModal({ open, onClose }: FeedbackModalProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [outcome, setOutcome] = useState<FeedbackOutcome | null>(null);
  const close = () => {
    onClose();
    setOutcome(null);
  };
  return (
    <ResponsiveDialog open={open} onClose={close} title={t("feedback.title")}>
      {open && outcome && <FeedbackSent outcome={outcome} onClose={close} />}
      {open && !outcome && <FeedbackForm defaultName={user?.name ?? ""} onSent={setOutcome} onClose={close} />}
    </ResponsiveDialog>
  );
}
