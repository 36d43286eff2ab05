import ScheduleIcon from "@mui/icons-material/Schedule";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { useTranslation } from "../../../lib/i18n";
import { schedulesListQueryOptions } from "../api/schedules.queries";
import { useSchedulesLive } from "../hooks/use-schedules";
import { ScheduleDialog } from "./schedule-dialog";
import { ScheduleList } from "./schedule-list";

/** A contact row's "Scheduled messages": the contact's schedules (the caller's; an admin's: all), with add, edit and cancel. */
export function ContactSchedulesButton({ contact }: { contact: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t("schedules.ofContact", { contact: contact.name });
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          <ScheduleIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ResponsiveDialog open={open} onClose={() => setOpen(false)} title={label}>
        {open && <ContactSchedules contactId={contact.id} onClose={() => setOpen(false)} />}
      </ResponsiveDialog>
    </>
  );
}

function ContactSchedules({ contactId, onClose }: { contactId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const query = useInfiniteQuery(schedulesListQueryOptions({ contactId }));
  useSchedulesLive();
  return (
    <>
      <DialogContent dividers>
        <ScheduleList query={query} showContact={false} showAuthor />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("schedules.close")}</Button>
        <Button variant="contained" onClick={() => setAdding(true)}>
          {t("schedules.add")}
        </Button>
      </DialogActions>
      <ScheduleDialog open={adding} onClose={() => setAdding(false)} schedule={null} contactId={contactId} />
    </>
  );
}
