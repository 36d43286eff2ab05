import { can, type Message, type Ticket, type TicketNote } from "@atendo/contracts";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useDeleteMessage } from "../hooks/use-message-actions";
import { useMessagePermissions } from "../hooks/use-message-permissions";
import { useMessages } from "../hooks/use-messages";
import { useReadWhileShown } from "../hooks/use-read-while-shown";
import { useLiveNotes, useNoteActions } from "../hooks/use-ticket-notes";
import { conversationItems, isNoteItem, noteItemId } from "../lib/conversation-items";
import type { MessagesData } from "../lib/messages-cache";
import { flattenNotes } from "../lib/notes-cache";
import { useCurrentUser } from "../../../lib/session";
import { TranslateDialog, useAssistantOn } from "../../assistant";
import { ConversationList } from "./conversation-list";
import { DeleteMessageDialog } from "./delete-message-dialog";
import { EditNoteDialog } from "./edit-note-dialog";
import { MessageBubble } from "./message-bubble";
import { PrivateNoteBubble } from "./private-note-bubble";

export interface MessageSelection {
  active: boolean;
  selectedIds: ReadonlySet<number>;
  onToggle(message: Message): void;
}

export interface MessageListProps {
  ticket: Ticket;
  selection: MessageSelection;
  onReply(message: Message): void;
  onStartForward(message: Message): void;
  /** A note to scroll to once loaded (opened from a mention). */
  focusNoteId?: number | null;
}

/**
 * A ticket's conversation (spec §2): reply, forward and delete per message, selection for
 * forwarding; the team's private notes among the messages, each after the message it followed
 * (decision 0073), edited by their author and deleted by them or an admin.
 */
export function MessageList({ ticket, selection, onReply, onStartForward, focusNoteId = null }: MessageListProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const query = useMessages(ticket.id);
  useLiveNotes(ticket.id);
  const notes = useNoteActions(ticket.id);
  const [editing, setEditing] = useState<TicketNote | null>(null);
  const [deleting, setDeleting] = useState<TicketNote | null>(null);
  // The ticket's pages are MessagePage (notes included); the shared paged hook types only their messages.
  const items = useMemo(() => conversationItems(query.messages, flattenNotes(query.data as MessagesData | undefined)), [query.messages, query.data]);
  useReadWhileShown(ticket);
  const permissions = useMessagePermissions(ticket);
  const remove = useDeleteMessage(ticket.id);
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const assistantOn = useAssistantOn(ticket);
  const [translating, setTranslating] = useState<Message | null>(null);

  const blockedOnOtherConnection = (message: Message) => {
    if (!permissions.isOtherConnection(message)) return false;
    toast.warning(t("messages.otherConnection"));
    return true;
  };

  return (
    <ConversationList
      conversationId={ticket.id}
      query={{ ...query, messages: items }}
      emptyText={t("messages.list.empty")}
      focusId={focusNoteId === null ? null : noteItemId(focusNoteId)}
      // Sent from Atendo by an attendant (fromMe without a user: written on the phone itself, or automatic), or one's own note.
      isOwnNew={(item) => (isNoteItem(item) ? item.note.author?.id === user?.id : item.fromMe && item.userId !== null)}
      renderMessage={(message, marks) =>
        isNoteItem(message) ? (
          <PrivateNoteBubble
            note={message.note}
            highlighted={marks.highlighted}
            onEdit={message.note.author?.id === user?.id ? () => setEditing(message.note) : undefined}
            onDelete={message.note.author?.id === user?.id || can(user?.profile, "team-content:moderate") ? () => setDeleting(message.note) : undefined}
          />
        ) : (
        <MessageBubble
          message={message}
          ticket={ticket}
          marks={marks}
          selection={
            selection.active
              ? { selected: selection.selectedIds.has(message.id), disabled: message.isDeleted, onToggle: () => selection.onToggle(message) }
              : null
          }
          actions={
            message.isDeleted
              ? null
              : {
                  onReply: () => {
                    if (!blockedOnOtherConnection(message)) onReply(message);
                  },
                  onForward: () => onStartForward(message),
                  onTranslate: assistantOn && message.body.trim() !== "" ? () => setTranslating(message) : undefined,
                  onDelete: permissions.canDelete(message)
                    ? () => {
                        if (!blockedOnOtherConnection(message)) setToDelete(message);
                      }
                    : undefined,
                }
          }
        />
        )
      }
    >
      <DeleteMessageDialog message={toDelete} onConfirm={(message) => remove.mutate(message)} onClose={() => setToDelete(null)} />
      <EditNoteDialog note={editing} onClose={() => setEditing(null)} />
      <TranslateDialog ticketId={ticket.id} message={translating} onClose={() => setTranslating(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("notes.deleteTitle")}
        message={t("notes.deleteText")}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={() => deleting && notes.remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </ConversationList>
  );
}
