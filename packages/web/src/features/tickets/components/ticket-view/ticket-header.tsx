import type { Ticket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { ReactNode } from "react";
import { LazyChannelIcon } from "../../../../components/channel-icon-lazy";
import { ConversationHeader } from "../../../../components/conversation-header";
import { useTranslation } from "../../../../lib/i18n";
import { paths } from "../../../../lib/paths";
import { ContactAvatar } from "../../../contacts";
import { TicketStageChips } from "../ticket-stage-chips";

interface TicketHeaderProps {
  ticket: Ticket;
  onOpenContact: () => void;
  actions: ReactNode;
}

/** Contact, who holds the ticket and where it came from, and the actions (spec §2). */
export function TicketHeader({ ticket, onOpenContact, actions }: TicketHeaderProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Under md the tickets page shows only this side: the way back to the list is here.
  const narrow = useMediaQuery(theme.breakpoints.down("md"));
  const connection = ticket.whatsapp.label ?? ticket.whatsapp.name;
  // Given by automatic assignment (decision 0079): the header says so until a person moves the ticket.
  const assignedTo = ticket.autoAssignedAt ? "autoAssigned.to" : "ticketView.assignedTo";
  const holder = ticket.user ? t(assignedTo, { name: ticket.user.name }) : t(`ticketView.status.${ticket.userId === null ? "pending" : ticket.status}`);
  const details = [`#${ticket.id}`, ticket.status === "closed" ? t("ticketView.status.closed") : holder, ticket.queue?.name ?? t("ticketView.noQueue"), connection];
  const kind = ticket.whatsapp.kind;

  return (
    <ConversationHeader
      back={narrow ? { to: paths.tickets, label: t("ticketView.back") } : null}
      onOpenDetails={onOpenContact}
      detailsLabel={t("ticketView.contact.open")}
      avatar={<ContactAvatar contact={ticket.contact} />}
      title={ticket.contact.name}
      badges={<TicketStageChips ticket={ticket} withMenuName />}
      subtitle={
        <>
          {/* The channel first: the line is cut at its end on narrow headers. */}
          {kind && <LazyChannelIcon kind={kind} titleAccess={t(`channels.${kind}`)} sx={{ fontSize: "1.3em", verticalAlign: "-0.3em", mr: 0.5 }} />}
          {ticket.queue && (
            <Box
              component="span"
              aria-hidden
              sx={{ display: "inline-block", width: 8, height: 8, borderRadius: "50%", bgcolor: ticket.queue.color, mr: 0.75 }}
            />
          )}
          {details.join(" · ")}
        </>
      }
      actions={actions}
    />
  );
}
