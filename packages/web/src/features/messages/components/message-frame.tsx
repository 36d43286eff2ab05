import { layout } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { formatTime } from "../lib/message-dates";
import type { ConversationMarks } from "./conversation-list";
import { MessageContent, type ContentMessage } from "./message-content";
import { MessageMenu, type MessageMenuActions } from "./message-menu";
import { QuotedBlock, type QuoteFields } from "./quoted-block";
import { schemeColour } from "../../../lib/scheme-colour";

/** What the frame needs of a message: ticket messages and internal chat messages both have it. */
export type FramedMessage = ContentMessage & {
  id: number;
  fromMe: boolean;
  createdAt: string;
  quotedMsg: (QuoteFields & { id: number }) | null;
};

/** Selection mode (tickets' forwarding): a checkbox before the bubble, a click on the row toggles it. */
export interface FrameSelection {
  selected: boolean;
  /** A deleted message cannot be picked. */
  disabled: boolean;
  onToggle(): void;
}

interface MessageFrameProps {
  message: FramedMessage;
  /** From the conversation list: the jump target's mark, and the jump a quote's click makes. */
  marks: ConversationMarks;
  /** A text Atendo sent by itself: dashed and yellow. */
  automatic?: boolean;
  selection?: FrameSelection | null;
  /** The options menu; null for none (deleted, nothing allowed, selecting). */
  actions: MessageMenuActions | null;
  /** Lines above the sender ("Forwarded"). */
  note?: ReactNode;
  /** Who wrote it, above others' messages in groups. */
  sender: string | null;
  /** Who wrote the quoted message when the quote does not say (the ticket's customer, a chat's member). */
  quoteAuthor: string;
  /** Where a shared contact's "Chat" starts a conversation (the ticket's connection); null in internal chats. */
  connectionId: number | null;
  /** Before the time ("Edited"). */
  footerNote?: ReactNode;
  /** The ack, for own messages. */
  status: ReactNode;
}

// Each in the light and the dark scheme (docs/decisions/0076); text on them is the theme's.
const colours = {
  own: schemeColour("#d7f0ea", "#134e48"),
  theirs: schemeColour("#ffffff", "#1f2c33"),
  automatic: schemeColour("#fff8e1", "#3a2f12"),
} as const;
const background = { selected: schemeColour("rgba(15,118,110,0.10)", "rgba(45,212,191,0.16)"), highlighted: "rgba(255,193,7,0.25)" } as const;
/** The row across the list: the checkbox while selecting, and the bubble on its side. */
const rowSx = { display: "flex", alignItems: "center", gap: 1, px: { xs: 1, sm: 2 }, py: 0.375, transition: "background-color 0.6s" } as const;

/**
 * Any message's bubble, a ticket's or an internal chat's: own ones on the right, at most 600 px
 * wide (spec §9), the options menu at the top right, the sender, the quote (a click jumps to it),
 * the content, and a footer with the time and the ack. `data-message-id` is how jumps and the
 * browser journeys find a message.
 */
export function MessageFrame(props: MessageFrameProps) {
  const { message, marks, automatic = false, selection = null, actions, note, sender, quoteAuthor, connectionId, footerNote, status } = props;
  const { t } = useTranslation();
  const selectable = selection !== null && !selection.disabled;
  const quoted = message.isDeleted ? null : message.quotedMsg;
  const heading = note || sender || quoted;
  return (
    <Box
      data-message-id={message.id}
      onClick={selectable ? selection.onToggle : undefined}
      sx={{
        ...rowSx,
        cursor: selectable ? "pointer" : undefined,
        bgcolor: selection?.selected ? background.selected : marks.highlighted ? background.highlighted : undefined,
      }}
    >
      {selection && (
        <Checkbox
          size="small"
          checked={selection.selected}
          disabled={selection.disabled}
          onClick={(event) => event.stopPropagation()}
          onChange={selection.onToggle}
          slotProps={{ input: { "aria-label": t("messages.list.select") } }}
          sx={{ p: 0.5, visibility: selection.disabled ? "hidden" : undefined }}
        />
      )}
      <Box
        sx={{
          ml: message.fromMe ? "auto" : 0,
          mr: message.fromMe ? 0 : "auto",
          maxWidth: `min(${layout.bubbleMaxWidth}px, 85%)`,
          minWidth: 96,
          position: "relative",
          bgcolor: automatic ? colours.automatic : message.fromMe ? colours.own : colours.theirs,
          border: automatic ? "1px dashed" : "1px solid",
          borderColor: automatic ? "warning.light" : "divider",
          borderRadius: 2,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          "& .message-menu-button": { opacity: 0, transition: "opacity 0.15s" },
          "&:hover .message-menu-button, &:focus-within .message-menu-button, & .message-menu-button[aria-expanded='true']": { opacity: 1 },
          "@media (hover: none)": { "& .message-menu-button": { opacity: 0.7 } },
        }}
      >
        {actions && (
          <Box sx={{ position: "absolute", top: 2, right: 2, zIndex: 1, bgcolor: "inherit", borderRadius: 1 }}>
            <MessageMenu {...actions} />
          </Box>
        )}
        {/* The first lines leave room for the menu button. */}
        {heading && (
          <Box sx={{ pr: 3 }}>
            {note}
            {sender && (
              <Typography variant="caption" sx={{ fontWeight: 700, color: "secondary.main", display: "block" }}>
                {sender}
              </Typography>
            )}
            {quoted && (
              <Box sx={{ mb: 0.5, mt: 0.25 }}>
                <QuotedBlock quoted={quoted} contactName={quoteAuthor} onClick={() => marks.jumpTo(quoted.id)} />
              </Box>
            )}
          </Box>
        )}
        <Box sx={{ pr: actions && !heading ? 3 : 0 }}>
          <MessageContent message={message} connectionId={connectionId} />
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: "flex-end", alignItems: "center", mt: 0.25 }}>
          {footerNote}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </Typography>
          {status}
        </Stack>
      </Box>
    </Box>
  );
}
