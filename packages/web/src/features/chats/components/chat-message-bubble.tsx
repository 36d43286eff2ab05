import type { ChatMessage } from "@atendo/contracts";
import { layout } from "@atendo/contracts";
import ExpandMore from "@mui/icons-material/ExpandMore";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../messages";
import { ChatMessageContent } from "./chat-message-content";
import { ChatMessageStatus } from "./chat-message-status";

interface ChatMessageBubbleProps {
  message: ChatMessage;
  /** Shows the sender's name above others' messages (groups). */
  showSender: boolean;
  /** Absent when the user may not delete the message (not their own, deleted, or not a participant). */
  onDelete?: () => void;
}

/** One chat message: own ones on the right with their ack (spec §3). */
export function ChatMessageBubble({ message, showSender, onDelete }: ChatMessageBubbleProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box data-message-id={message.id} sx={{ display: "flex", px: { xs: 1, sm: 2 }, py: 0.375 }}>
      <Box
        sx={{
          ml: message.fromMe ? "auto" : 0,
          mr: message.fromMe ? 0 : "auto",
          maxWidth: `min(${layout.bubbleMaxWidth}px, 85%)`,
          minWidth: 96,
          position: "relative",
          bgcolor: message.fromMe ? "#d7f0ea" : "#ffffff",
          border: "1px solid",
          borderColor: "divider",
          borderRadius: 2,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          "& .message-menu-button": { opacity: 0, transition: "opacity 0.15s" },
          "&:hover .message-menu-button, &:focus-within .message-menu-button": { opacity: 1 },
          "@media (hover: none)": { "& .message-menu-button": { opacity: 0.7 } },
        }}
      >
        {onDelete && (
          <>
            <IconButton
              size="small"
              className="message-menu-button"
              aria-label={t("chats.message.options")}
              aria-haspopup="menu"
              onClick={(event) => setAnchor(event.currentTarget)}
              sx={{ position: "absolute", top: 2, right: 2, p: 0.25, bgcolor: "inherit" }}
            >
              <ExpandMore fontSize="small" />
            </IconButton>
            <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
              <MenuItem
                onClick={() => {
                  setAnchor(null);
                  onDelete();
                }}
              >
                {t("chats.message.delete")}
              </MenuItem>
            </Menu>
          </>
        )}
        {showSender && !message.fromMe && message.sender && (
          <Typography variant="caption" sx={{ fontWeight: 700, color: "secondary.main", display: "block", pr: 3 }}>
            {message.sender.name}
          </Typography>
        )}
        <Box sx={{ pr: onDelete ? 3 : 0 }}>
          <ChatMessageContent message={message} />
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: "flex-end", alignItems: "center", mt: 0.25 }}>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </Typography>
          {message.fromMe && <ChatMessageStatus ack={message.ack} />}
        </Stack>
      </Box>
    </Box>
  );
}
