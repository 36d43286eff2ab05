import type { Ticket } from "@atendo/contracts";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { ReactNode } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { Link } from "react-router";
import { visuallyHidden } from "../../../../components/visually-hidden";
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
  const holder = ticket.user ? t("ticketView.assignedTo", { name: ticket.user.name }) : t(`ticketView.status.${ticket.userId === null ? "pending" : ticket.status}`);
  const details = [`#${ticket.id}`, ticket.status === "closed" ? t("ticketView.status.closed") : holder, ticket.queue?.name ?? t("ticketView.noQueue"), connection];

  return (
    <Box
      component="header"
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        px: { xs: 1, sm: 2 },
        minHeight: 64,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: "background.paper",
      }}
    >
      {narrow && (
        <Tooltip title={t("ticketView.back")}>
          <IconButton component={Link} to={paths.tickets} aria-label={t("ticketView.back")} edge="start">
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
      )}
      <ButtonBase
        onClick={onOpenContact}
        sx={{ flex: 1, minWidth: 0, overflow: "hidden", justifyContent: "flex-start", gap: 1.5, p: 0.5, borderRadius: 1, textAlign: "left" }}
      >
        {/* Named by what it shows ("Contact details of Ana …"), so what is seen is part of the name (WCAG 2.5.3). */}
        <Box component="span" sx={visuallyHidden}>{`${t("ticketView.contact.open")} `}</Box>
        <ContactAvatar contact={ticket.contact} />
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.3, minWidth: 0 }}>
              {ticket.contact.name}
            </Typography>
            <TicketStageChips ticket={ticket} withMenuName />
          </Box>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {ticket.queue && (
              <Box
                component="span"
                aria-hidden
                sx={{ display: "inline-block", width: 8, height: 8, borderRadius: "50%", bgcolor: ticket.queue.color, mr: 0.75 }}
              />
            )}
            {details.join(" · ")}
          </Typography>
        </Box>
      </ButtonBase>
      {actions}
    </Box>
  );
}
