import type { Contact, TicketSummary } from "@atendo/contracts";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useLocation, useNavigate } from "react-router";
import { ListDetailPage } from "../../../components/list-detail-page";
import { PaneState } from "../../../components/pane-state";
import { paths } from "../../../lib/paths";
import { useMatchedId } from "../../../lib/use-id-param";
import { useTicketListFilters } from "../hooks/use-ticket-list-filters";
import { lazyDialog } from "../../../components/lazy-dialog";
import { TicketListPanel } from "./ticket-list/ticket-list-panel";
import type { StartChatState } from "../../../lib/start-chat";

// The open ticket (conversation, composer, recorder, media) is its own chunk, downloaded when a
// ticket opens: /tickets shows its list without it (docs/decisions/0043-web-delivery.md).
const TicketView = lazy(() => import("./ticket-view/ticket-view").then((view) => ({ default: view.TicketView })));
// Dialogs download when they first open: the list's first load carries neither their forms nor zod.
const NewTicketDialog = lazyDialog(
  () => import("./new-ticket/new-ticket-dialog").then((module) => module.NewTicketDialog),
  (props) => props.open,
);
const OwnerInfoDialog = lazyDialog(
  () => import("./ticket-view/owner-info-dialog").then((module) => module.OwnerInfoDialog),
  (props) => props.ticket !== null,
);
const loadingTicket = <PaneState isPending isError={false} errorText="" onRetry={() => undefined} />;

/** /tickets and /tickets/:ticketId (spec §2): the ticket list, and the open ticket or a welcome text. */
export function TicketsPage() {
  const { t } = useTranslation();
  const ticketId = useMatchedId(paths.ticket.pattern, "ticketId");
  const filters = useTicketListFilters();
  const [newTicket, setNewTicket] = useState<{ open: boolean; contact: Contact | null }>({ open: false, contact: null });
  const [alreadyOpen, setAlreadyOpen] = useState<TicketSummary | null>(null);
  useStartChatRequest((contact) => setNewTicket({ open: true, contact }));

  return (
    <ListDetailPage
      heading={t("pages.tickets")}
      listLabel={t("ticketList.title")}
      list={
        <TicketListPanel
          filters={filters}
          selectedId={ticketId}
          onNewTicket={() => setNewTicket({ open: true, contact: null })}
          onAlreadyOpen={setAlreadyOpen}
        />
      }
      detail={
        ticketId === null ? null : (
          <Suspense fallback={loadingTicket}>
            <TicketView key={ticketId} ticketId={ticketId} onFollow={filters.followTicket} />
          </Suspense>
        )
      }
      welcome={{ title: t("ticketList.welcome.title"), text: t("ticketList.welcome.text") }}
    >
      <NewTicketDialog
        open={newTicket.open}
        initialContact={newTicket.contact}
        onClose={() => setNewTicket({ open: false, contact: null })}
        onAlreadyOpen={setAlreadyOpen}
      />
      <OwnerInfoDialog ticket={alreadyOpen} reason="alreadyOpen" onClose={() => setAlreadyOpen(null)} />
    </ListDetailPage>
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
