import type { TicketSummary } from "@atendo/contracts";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../../lib/i18n";
import { QueueChip } from "../../../../components/queue-chip";
import { ResponsiveDialog } from "../../../../components/responsive-dialog";

interface OwnerInfoDialogProps {
  /** The ticket to describe; the dialog is open while there is one. */
  ticket: TicketSummary | null;
  /** Why it is shown: a ticket the user may not open, or the contact's ticket already open. */
  reason: "noPermission" | "alreadyOpen" | "info";
  onClose: () => void;
}

/** The ticket-owner info modal (spec §2): attendant, ticket number, status and queue. */
export function OwnerInfoDialog({ ticket, reason, onClose }: OwnerInfoDialogProps) {
  const { t } = useTranslation();
  // Spec §2: a ticket without an owner reads as pending, whatever its stored status.
  const status = ticket && ticket.userId === null ? "pending" : (ticket?.status ?? "pending");
  return (
    <ResponsiveDialog open={ticket !== null} onClose={onClose} title={t(`ticketView.ownerInfo.title.${reason}`)} maxWidth="xs" fullScreenOnPhone={false}>
      {ticket && (
        <DialogContent>
          {reason !== "info" && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t(`ticketView.ownerInfo.explain.${reason}`)}
            </Typography>
          )}
          <dl style={{ margin: 0, display: "grid", gridTemplateColumns: "auto 1fr", gap: "8px 16px", alignItems: "center" }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t("ticketView.ownerInfo.attendant")}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {ticket.user?.name ?? t("ticketView.noAttendant")}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t("ticketView.ownerInfo.number")}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              #{ticket.id}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t("ticketView.ownerInfo.status")}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {t(`ticketView.status.${status}`)}
            </Typography>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t("ticketView.ownerInfo.queue")}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {ticket.queue ? <QueueChip name={ticket.queue.name} color={ticket.queue.color} /> : t("ticketView.noQueue")}
            </Typography>
          </dl>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t("ticketView.ownerInfo.close")}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
