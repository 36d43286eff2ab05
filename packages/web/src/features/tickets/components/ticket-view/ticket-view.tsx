import type { Ticket, TicketStatus } from "@atendo/contracts";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useEffect } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { useNavigate } from "react-router";
import { toastError } from "../../../../lib/error-message";
import { paths } from "../../../../lib/paths";
import { toast } from "../../../../lib/toast";
import { useTicket, useTicketLive } from "../../hooks/use-ticket";
import { useTicketCommands } from "../../hooks/use-ticket-commands";
import { OwnerInfoDialog } from "./owner-info-dialog";
import { TicketConversation } from "./ticket-conversation";

/**
 * The open conversation of /tickets/:ticketId (spec §2). Without permission the owner-info modal
 * shows who holds the ticket, then the list comes back; a failed fetch or a deleted ticket also
 * go back to the list. `onFollow` shows the list's tab the ticket moved to after accept or reopen.
 */
export function TicketView({ ticketId, onFollow }: { ticketId: number; onFollow: (status: TicketStatus) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useTicket(ticketId);

  useEffect(() => {
    if (!query.error) return;
    toastError(query.error);
    void navigate(paths.tickets, { replace: true });
  }, [query.error, navigate]);

  if (query.data?.hasPermission) return <PermittedTicket ticket={query.data.ticket} onFollow={onFollow} />;
  if (query.data) {
    return (
      <OwnerInfoDialog ticket={query.data.ticket} reason="noPermission" onClose={() => void navigate(paths.tickets, { replace: true })} />
    );
  }
  return (
    <Box sx={{ display: "grid", placeItems: "center", height: "100%" }}>
      <CircularProgress aria-label={t("common.loading")} />
    </Box>
  );
}

function PermittedTicket({ ticket, onFollow }: { ticket: Ticket; onFollow: (status: TicketStatus) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const commands = useTicketCommands(ticket, onFollow);
  useTicketLive(ticket.id, {
    onDeleted: () => {
      toast.info(t("ticketView.deletedByOther"));
      void navigate(paths.tickets, { replace: true });
    },
    isLeaving: () => commands.leaving.current,
  });
  return (
    <>
      <TicketConversation ticket={ticket} commands={commands} />
      {commands.ownerInfo && (
        <OwnerInfoDialog ticket={commands.ownerInfo.ticket} reason={commands.ownerInfo.reason} onClose={commands.closeOwnerInfo} />
      )}
    </>
  );
}
