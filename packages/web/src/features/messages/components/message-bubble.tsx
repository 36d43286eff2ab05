import type { Message, Ticket } from "@atendo/contracts";
import { layout } from "@atendo/contracts";
import Shortcut from "@mui/icons-material/Shortcut";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatTime } from "../lib/message-dates";
import { MessageContent } from "./message-content";
import { MessageMenu, type MessageMenuActions } from "./message-menu";
import { MessageStatus } from "./message-status";
import { QuotedBlock } from "./quoted-block";

export interface BubbleSelection {
  active: boolean;
  selected: boolean;
  onToggle(): void;
}

interface MessageBubbleProps {
  message: Message;
  ticket: Ticket;
  highlighted: boolean;
  selection: BubbleSelection;
  /** Null for a deleted message: it has no actions. */
  actions: MessageMenuActions | null;
  onJumpToQuote(id: number): void;
}

const colours = { own: "#d7f0ea", theirs: "#ffffff", automatic: "#fff8e1" } as const;

/** One message: own ones on the right, at most 600 px wide (spec §9). */
export function MessageBubble({ message, ticket, highlighted, selection, actions, onJumpToQuote }: MessageBubbleProps) {
  const { t } = useTranslation();
  const automatic = message.mediaType === "chat-automatic";
  const selectable = selection.active && !message.isDeleted;
  const sender = ticket.isGroup && !message.fromMe ? message.contact?.name : null;
  return (
    <Box
      data-message-id={message.id}
      onClick={selectable ? selection.onToggle : undefined}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        px: { xs: 1, sm: 2 },
        py: 0.375,
        cursor: selectable ? "pointer" : undefined,
        bgcolor: selection.active && selection.selected ? "rgba(15,118,110,0.10)" : highlighted ? "rgba(255,193,7,0.25)" : undefined,
        transition: "background-color 0.6s",
      }}
    >
      {selection.active && (
        <Checkbox
          size="small"
          checked={selection.selected}
          disabled={message.isDeleted}
          onClick={(event) => event.stopPropagation()}
          onChange={selection.onToggle}
          slotProps={{ input: { "aria-label": t("messages.list.select") } }}
          sx={{ p: 0.5, visibility: message.isDeleted ? "hidden" : undefined }}
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
        {actions && !selection.active && (
          <Box sx={{ position: "absolute", top: 2, right: 2, zIndex: 1, bgcolor: "inherit", borderRadius: 1 }}>
            <MessageMenu {...actions} />
          </Box>
        )}
        {message.isForwarded && !message.isDeleted && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", color: "text.secondary", pr: 3 }}>
            <Shortcut sx={{ fontSize: 14 }} aria-hidden />
            <Typography variant="caption" sx={{ fontStyle: "italic" }}>
              {t("messages.forwarded")}
            </Typography>
          </Stack>
        )}
        {sender && (
          <Typography variant="caption" sx={{ fontWeight: 700, color: "secondary.main", display: "block", pr: 3 }}>
            {sender}
          </Typography>
        )}
        {message.quotedMsg && !message.isDeleted && (
          <Box sx={{ mb: 0.5, mt: 0.25, pr: 3 }}>
            <QuotedBlock
              quoted={message.quotedMsg}
              contactName={ticket.contact.name}
              onClick={() => message.quotedMsg && onJumpToQuote(message.quotedMsg.id)}
            />
          </Box>
        )}
        <Box sx={{ pr: actions && !message.quotedMsg && !message.isForwarded && !sender ? 3 : 0 }}>
          <MessageContent message={message} ticket={ticket} />
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: "flex-end", alignItems: "center", mt: 0.25 }}>
          {message.isEdited && !message.isDeleted && (
            <Typography variant="caption" color="text.secondary" sx={{ fontStyle: "italic" }}>
              {t("messages.edited")}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </Typography>
          {message.fromMe && <MessageStatus message={message} />}
        </Stack>
      </Box>
    </Box>
  );
}
