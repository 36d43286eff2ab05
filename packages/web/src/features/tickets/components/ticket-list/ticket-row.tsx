import type { Ticket } from "@atendo/contracts";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { LinkRow } from "../../../../components/link-row";
import { QueueChip } from "../../../../components/queue-chip";
import { formatListTime } from "../../../../lib/date-format";
import { paths } from "../../../../lib/paths";
import { ContactAvatar } from "../../../contacts";
import { lastMessageLine } from "../../../messages";
import { TagChips } from "../../../tags";
import { SlaChip } from "../sla-chip";
import { TicketStageChips } from "../ticket-stage-chips";

interface TicketRowProps {
  ticket: Ticket;
  selected: boolean;
  /** Pending rows only: the accept button (spec §2: a waiting ticket does not open on click). */
  onAccept?: (ticket: Ticket) => void;
  accepting?: boolean;
}

/** The colour bar on the row's left edge: the queue's colour, grey without a queue. */
const noQueueColor = "#cbd5e1";

/**
 * One conversation of the list: avatar, contact, last message on one line, time, unread badge,
 * queue and connection. Non-pending rows are links (focusable, Enter opens).
 */
export function TicketRow({ ticket, selected, onAccept, accepting }: TicketRowProps) {
  const { t } = useTranslation();
  const connection = ticket.whatsapp.label ?? ticket.whatsapp.name;
  const body = (
    <>
      <Box
        aria-hidden
        sx={{ position: "absolute", left: 0, top: 6, bottom: 6, width: 4, borderRadius: 2, bgcolor: ticket.queue?.color ?? noQueueColor }}
      />
      <Badge
        color="primary"
        badgeContent={ticket.unreadMessages}
        max={99}
        overlap="circular"
        slotProps={{ badge: { "aria-label": t("ticketList.unread", { count: ticket.unreadMessages }) } }}
      >
        <ContactAvatar contact={ticket.contact} />
      </Badge>
      <Box sx={{ flex: 1, minWidth: 0, display: "grid", gap: 0.25 }}>
        <Line>
          <Typography component="span" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: ticket.unreadMessages > 0 ? 700 : 600 }}>
            {ticket.contact.name}
          </Typography>
          <Typography component="span" variant="caption" color={ticket.unreadMessages > 0 ? "primary" : "text.secondary"}>
            {formatListTime(ticket.updatedAt)}
          </Typography>
        </Line>
        <Typography variant="body2" color="text.secondary" noWrap>
          {lastMessageLine(ticket.lastMessage, t) || "\u00a0"}
        </Typography>
        <Line>
          {ticket.queue ? (
            <QueueChip name={ticket.queue.name} color={ticket.queue.color} sx={{ height: 20, fontSize: "0.7rem" }} />
          ) : (
            <Typography component="span" variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 0 }}>
              {t("ticketList.noQueue")}
            </Typography>
          )}
          <SlaChip ticket={ticket} />
          <TicketStageChips ticket={ticket} />
          {/* On the queue's line, one line whatever their number: the row keeps its height. */}
          <TagChips tags={ticket.tags} max={1} aria-label={t("tags.list")} sx={{ flexWrap: "nowrap", alignItems: "center", overflow: "hidden", flexShrink: 1 }} />
          <Typography component="span" variant="caption" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0, textAlign: "end" }}>
            {connection}
          </Typography>
        </Line>
      </Box>
    </>
  );

  const rowSx = { position: "relative", display: "flex", alignItems: "center", gap: 1.5, pl: 2, pr: 1.5, py: 1 } as const;
  if (ticket.status !== "pending" || !onAccept) {
    return (
      <LinkRow to={paths.ticket.href(ticket.id)} selected={selected} sx={{ ...rowSx, borderBottom: 1, borderColor: "divider" }}>
        {body}
      </LinkRow>
    );
  }
  return (
    <Box sx={{ ...rowSx, borderBottom: 1, borderColor: "divider", bgcolor: selected ? "action.selected" : undefined }}>
      {body}
      <Button
        size="small"
        variant="contained"
        onClick={() => onAccept(ticket)}
        loading={accepting}
        aria-label={t("ticketList.acceptFrom", { name: ticket.contact.name })}
      >
        {t("ticketList.accept")}
      </Button>
    </Box>
  );
}

function Line({ children }: { children: ReactNode }) {
  return <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>{children}</Box>;
}
