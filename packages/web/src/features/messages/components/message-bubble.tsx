import type { Message, Ticket } from "@atendo/contracts";
import Shortcut from "@mui/icons-material/Shortcut";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import type { ConversationMarks } from "./conversation-list";
import { MessageFrame, type FrameSelection } from "./message-frame";
import type { MessageMenuActions } from "./message-menu";
import { MessageNote } from "./message-note";
import { MessageStatus } from "./message-status";

interface MessageBubbleProps {
  message: Message;
  ticket: Ticket;
  marks: ConversationMarks;
  /** Null outside selection mode. */
  selection: FrameSelection | null;
  /** Null for a deleted message: it has no actions. */
  actions: MessageMenuActions | null;
}

/** A ticket's message: forwarded, edited and sent-through-the-API marks, the group member who wrote it, "not sent". */
export function MessageBubble({ message, ticket, marks, selection, actions }: MessageBubbleProps) {
  const { t } = useTranslation();
  const shown = !message.isDeleted;
  return (
    <MessageFrame
      message={message}
      marks={marks}
      automatic={message.mediaType === "chat-automatic"}
      selection={selection}
      actions={selection ? null : actions}
      note={
        shown &&
        message.isForwarded && (
          <MessageNote Icon={Shortcut} italic>
            {t("messages.forwarded")}
          </MessageNote>
        )
      }
      sender={ticket.isGroup && !message.fromMe ? (message.contact?.name ?? null) : null}
      quoteAuthor={ticket.contact.name}
      connectionId={ticket.whatsappId}
      footerNote={
        shown &&
        (message.isEdited || message.viaApi) && (
          <Typography variant="caption" color="text.secondary" sx={{ fontStyle: "italic" }}>
            {[message.viaApi && t("messages.viaApi"), message.isEdited && t("messages.edited")].filter(Boolean).join(" · ")}
          </Typography>
        )
      }
      status={message.fromMe && <MessageStatus message={message} />}
    />
  );
}
