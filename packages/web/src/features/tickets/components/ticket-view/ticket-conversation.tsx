import type { Message, Ticket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import { useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { ConfirmDialog } from "../../../../components/confirm-dialog";
import { useCurrentUser } from "../../../../lib/session";
import { ComposerModeSwitch, MessageComposer, MessageList, NoteComposer, type ComposerMode } from "../../../messages";
import { useSearchParams } from "react-router";
import type { TicketCommands } from "../../hooks/use-ticket-commands";
import { ContactDrawer } from "./contact-drawer";
import { ForwardDialog } from "./forward-dialog";
import { ParticipantsDialog } from "./participants-dialog";
import { SelectionFooter } from "./selection-footer";
import { mayTagTicket, ticketAbilities } from "./ticket-abilities";
import { TicketActions } from "./ticket-actions";
import { TicketHeader } from "./ticket-header";
import { TicketTagsBar } from "./ticket-tags-bar";
import { TicketRatingBar } from "../ticket-rating";
import { TransferDialog } from "./transfer-dialog";
import { useMessageSelection } from "./use-message-selection";

type Modal = "transfer" | "participants" | "leave" | "delete" | "forward" | null;

/** A ticket the user may see: header, messages, composer or selection footer, contact drawer. */
export function TicketConversation({ ticket, commands }: { ticket: Ticket; commands: TicketCommands }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [modal, setModal] = useState<Modal>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [composerMode, setComposerMode] = useState<ComposerMode>("reply");
  const selection = useMessageSelection();
  // A mention opens the ticket at its note: /tickets/{id}?note={noteId}.
  const [search] = useSearchParams();
  const focusNoteId = Number(search.get("note")) || null;
  if (!user) return null;
  const abilities = ticketAbilities(ticket, user);
  const close = () => setModal(null);

  return (
    <Box sx={{ display: "flex", height: "100%", minHeight: 0 }}>
      <Box
        sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}
        onKeyDown={(event) => {
          if (event.key === "Escape" && selection.active && modal === null) selection.cancel();
        }}
      >
        <TicketHeader
          ticket={ticket}
          onOpenContact={() => setContactOpen((open) => !open)}
          actions={
            <TicketActions
              abilities={abilities}
              commands={commands}
              hasParticipants={ticket.userTicket.length > 0}
              onTransfer={() => setModal("transfer")}
              onParticipants={() => setModal("participants")}
              onLeave={() => setModal("leave")}
              onDelete={() => setModal("delete")}
              compact={contactOpen}
            />
          }
        />
        <TicketTagsBar ticket={ticket} mayTag={mayTagTicket(ticket, user)} />
        <TicketRatingBar rating={ticket.rating} />
        <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
          <MessageList
            ticket={ticket}
            selection={{ active: selection.active, selectedIds: selection.selectedIds, onToggle: selection.onToggle }}
            onReply={setReplyTo}
            onStartForward={(message) => {
              setReplyTo(null);
              selection.start(message);
            }}
            focusNoteId={focusNoteId}
          />
        </Box>
        {selection.active ? (
          <SelectionFooter count={selection.selectedIds.size} onCancel={selection.cancel} onForward={() => setModal("forward")} />
        ) : (
          <>
            <ComposerModeSwitch mode={composerMode} onChange={setComposerMode} />
            {composerMode === "note" ? (
              <NoteComposer ticket={ticket} canAddParticipants={abilities.addParticipants} />
            ) : (
              <MessageComposer ticket={ticket} canWrite={abilities.write} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
            )}
          </>
        )}
      </Box>
      <ContactDrawer open={contactOpen} ticket={ticket} onClose={() => setContactOpen(false)} />
      <TransferDialog
        open={modal === "transfer"}
        ticket={ticket}
        withConnection={abilities.transferConnection}
        onClose={close}
        onStart={commands.startTransfer}
        onFailed={commands.transferFailed}
        onTransferred={(result) => {
          close();
          commands.transferred(result);
        }}
      />
      <ParticipantsDialog
        open={modal === "participants"}
        ticket={ticket}
        viewerId={user.id}
        canAdd={abilities.addParticipants}
        canRemove={abilities.removeParticipants}
        onClose={close}
        onLeave={() => setModal("leave")}
      />
      <ForwardDialog
        open={modal === "forward"}
        messageIds={[...selection.selectedIds]}
        onClose={close}
        onForwarded={() => {
          close();
          selection.cancel();
        }}
      />
      <ConfirmDialog
        open={modal === "leave"}
        title={t("ticketView.leave.title")}
        message={t("ticketView.leave.message", { name: ticket.contact.name })}
        confirmLabel={t("ticketView.actions.leave")}
        onConfirm={commands.leave}
        onClose={close}
      />
      <ConfirmDialog
        open={modal === "delete"}
        title={t("ticketView.delete.title", { id: ticket.id })}
        message={t("ticketView.delete.message")}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={commands.remove}
        onClose={close}
      />
    </Box>
  );
}
