import type { Ticket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../../lib/i18n";
import { paths } from "../../../../lib/paths";
import { lastMessageLine } from "../../../messages";
import { TagChips } from "../../../tags";

/** The queue's colour on the card's edge; grey without a queue (the ticket row's). */
const noQueueColor = "#cbd5e1";

type CardProps = { ticket: Ticket; lifted: boolean; instructionsId: string } & Omit<ComponentProps<"a">, "href" | "ref">;

/**
 * One ticket on the board: contact, number, queue colour, last message and labels. A link (Enter
 * or a click opens the ticket); the board's drag handlers come in `props`.
 */
export function BoardCard({ ticket, lifted, instructionsId, ...props }: CardProps) {
  const { t } = useTranslation();
  return (
    <Box
      component={Link}
      to={paths.ticket.href(ticket.id)}
      data-board-card={ticket.id}
      aria-describedby={instructionsId}
      {...props}
      sx={{
        position: "relative",
        display: "grid",
        gap: 0.5,
        p: 1.25,
        pl: 2,
        borderRadius: 2,
        border: 1,
        borderColor: lifted ? "primary.main" : "divider",
        bgcolor: "background.paper",
        color: "text.primary",
        textDecoration: "none",
        boxShadow: lifted ? 4 : 0,
        opacity: lifted ? 0.7 : 1,
        cursor: "grab",
        userSelect: "none",
        "&:hover": { borderColor: "primary.light" },
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      <Box aria-hidden sx={{ position: "absolute", left: 0, top: 8, bottom: 8, width: 4, borderRadius: 2, bgcolor: ticket.queue?.color ?? noQueueColor }} />
      <Box sx={{ display: "flex", gap: 1, alignItems: "baseline", minWidth: 0 }}>
        <Typography component="span" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
          {ticket.contact.name}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary">
          #{ticket.id}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap>
        {lastMessageLine(ticket.lastMessage, t) || "\u00a0"}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", minWidth: 0 }}>
        {ticket.status === "pending" && (
          <Typography component="span" variant="caption" color="warning.main" sx={{ fontWeight: 600 }}>
            {t("ticketList.tabs.pending")}
          </Typography>
        )}
        <TagChips tags={ticket.tags} aria-label={t("tags.list")} />
      </Box>
    </Box>
  );
}
