import type { Message, Ticket } from "@atendo/contracts";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useDeleteMessage } from "../hooks/use-message-actions";
import { useMessagePermissions } from "../hooks/use-message-permissions";
import { useMessages } from "../hooks/use-messages";
import { useReadWhileShown } from "../hooks/use-read-while-shown";
import { ConversationList } from "./conversation-list";
import { DeleteMessageDialog } from "./delete-message-dialog";
import { MessageBubble } from "./message-bubble";

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
}

/** A ticket's conversation (spec §2): reply, forward and delete per message, selection for forwarding. */
export function MessageList({ ticket, selection, onReply, onStartForward }: MessageListProps) {
  const { t } = useTranslation();
  const query = useMessages(ticket.id);
  useReadWhileShown(ticket);
  const permissions = useMessagePermissions(ticket);
  const remove = useDeleteMessage(ticket.id);
  const [toDelete, setToDelete] = useState<Message | null>(null);

  const blockedOnOtherConnection = (message: Message) => {
    if (!permissions.isOtherConnection(message)) return false;
    toast.warning(t("messages.otherConnection"));
    return true;
  };

  return (
    <ConversationList
      conversationId={ticket.id}
      query={query}
      emptyText={t("messages.list.empty")}
      // Sent from Atendo by an attendant (fromMe without a user: written on the phone itself, or automatic).
      isOwnNew={(message) => message.fromMe && message.userId !== null}
      renderMessage={(message, marks) => (
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
                  onDelete: permissions.canDelete(message)
                    ? () => {
                        if (!blockedOnOtherConnection(message)) setToDelete(message);
                      }
                    : undefined,
                }
          }
        />
      )}
    >
      <DeleteMessageDialog message={toDelete} onConfirm={(message) => remove.mutate(message)} onClose={() => setToDelete(null)} />
    </ConversationList>
  );
}
