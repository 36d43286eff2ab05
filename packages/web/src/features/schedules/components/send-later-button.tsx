import ScheduleSendIcon from "@mui/icons-material/ScheduleSend";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ScheduleDialog } from "./schedule-dialog";

interface SendLaterButtonProps {
  contactId: number;
  whatsappId: number | null;
  /** What the composer holds: the new schedule's text. */
  text: string;
  /** The composer lets go of the text once it is scheduled. */
  onScheduled: () => void;
}

/** The composer's "Send later": a message for this conversation's contact, on its connection, at a chosen time. */
export function SendLaterButton({ contactId, whatsappId, text, onScheduled }: SendLaterButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t("schedules.sendLater")}>
        <IconButton onClick={() => setOpen(true)} aria-label={t("schedules.sendLater")} aria-haspopup="dialog">
          <ScheduleSendIcon />
        </IconButton>
      </Tooltip>
      <ScheduleDialog
        open={open}
        onClose={() => setOpen(false)}
        schedule={null}
        contactId={contactId}
        whatsappId={whatsappId}
        initialBody={text}
        onCreated={onScheduled}
      />
    </>
  );
}
