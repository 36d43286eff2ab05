import type { Contact, TicketSummary } from "@atendo/contracts";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useMatch, useNavigate } from "react-router";
import { visuallyHidden } from "../../../components/visually-hidden";
import { paths } from "../../../lib/paths";
import { useTicketListFilters } from "../hooks/use-ticket-list-filters";
import { NewTicketDialog } from "./new-ticket/new-ticket-dialog";
import { TicketListPanel } from "./ticket-list/ticket-list-panel";
import { OwnerInfoDialog } from "./ticket-view/owner-info-dialog";
import { TicketView } from "./ticket-view/ticket-view";
import type { StartChatState } from "../../../lib/start-chat";

/** Width of the list beside an open ticket on wide screens. */
const listWidth = { md: 340, lg: 380 };

/**
 * /tickets and /tickets/:ticketId (spec §2): the list on the left, the open ticket (or a welcome
 * text) on the right. Under md only one side shows: the list, or the ticket (whose header leads
 * back to the list).
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const match = useMatch(paths.ticket.pattern);
  const parsed = Number(match?.params.ticketId);
  const ticketId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const filters = useTicketListFilters();
  const [newTicket, setNewTicket] = useState<{ open: boolean; contact: Contact | null }>({ open: false, contact: null });
  const [alreadyOpen, setAlreadyOpen] = useState<TicketSummary | null>(null);
  useStartChatRequest((contact) => setNewTicket({ open: true, contact }));

  return (
    <Box sx={{ position: "relative", height: "100%", display: "flex", minHeight: 0, bgcolor: "background.paper" }}>
      <Box
        component="section"
        aria-label={t("ticketList.title")}
        sx={{
          width: { xs: "100%", md: listWidth.md, lg: listWidth.lg },
          flexShrink: 0,
          borderRight: { md: 1 },
          borderColor: { md: "divider" },
          display: { xs: ticketId === null ? "block" : "none", md: "block" },
          minHeight: 0,
        }}
      >
        <TicketListPanel
          filters={filters}
          selectedId={ticketId}
          onNewTicket={() => setNewTicket({ open: true, contact: null })}
          onAlreadyOpen={setAlreadyOpen}
        />
      </Box>
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          minHeight: 0,
          display: { xs: ticketId === null ? "none" : "flex", md: "flex" },
          flexDirection: "column",
          bgcolor: "background.default",
        }}
      >
        {ticketId === null ? <Welcome /> : <TicketView key={ticketId} ticketId={ticketId} onFollow={filters.followTicket} />}
      </Box>
      <NewTicketDialog
        open={newTicket.open}
        initialContact={newTicket.contact}
        onClose={() => setNewTicket({ open: false, contact: null })}
        onAlreadyOpen={setAlreadyOpen}
      />
      <OwnerInfoDialog ticket={alreadyOpen} reason="alreadyOpen" onClose={() => setAlreadyOpen(null)} />
      {/* The page heading, for screen readers: the layout shows no title bar. */}
      <Typography component="h1" sx={visuallyHidden}>
        {t("pages.tickets")}
      </Typography>
    </Box>
  );
}

/**
 * "Start chat" elsewhere (the contacts page) arrives as navigation state: open the new-ticket
 * dialog with that contact once, and drop the state so a reload or Back does not open it again.
 */
function useStartChatRequest(open: (contact: Contact) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = (location.state as StartChatState | null)?.startChatWith ?? null;
  const handledKey = useRef<string | null>(null);
  useEffect(() => {
    if (!requested || handledKey.current === location.key) return;
    handledKey.current = location.key;
    open(requested);
    void navigate(location.pathname, { replace: true, state: null });
  }, [requested, open, navigate, location.key, location.pathname]);
}

function Welcome() {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: 4, textAlign: "center" }}>
      <Box sx={{ maxWidth: 360 }}>
        <ForumOutlinedIcon sx={{ fontSize: 56, color: "primary.light" }} aria-hidden />
        <Typography variant="h2" component="p" sx={{ mt: 2 }}>
          {t("ticketList.welcome.title")}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t("ticketList.welcome.text")}
        </Typography>
      </Box>
    </Box>
  );
}
