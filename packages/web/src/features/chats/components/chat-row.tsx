import type { Chat } from "@atendo/contracts";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { LinkRow } from "../../../components/link-row";
import { formatListTime } from "../../../lib/date-format";
import { paths } from "../../../lib/paths";
import { messageLine } from "../../messages";
import { ChatAvatar } from "./chat-avatar";

/** One chat of the list (spec §2): avatar, name, last-message time, last message (a file by its kind), unread badge. */
export function ChatRow({ chat, selected }: { chat: Chat; selected: boolean }) {
  const { t } = useTranslation();
  const unread = chat.unreadMessages > 0;
  return (
    <LinkRow to={paths.chat.href(chat.id)} selected={selected} sx={{ display: "flex", alignItems: "center", gap: 1.5, px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
      <ChatAvatar chat={chat} />
      <Box sx={{ flex: 1, minWidth: 0, display: "grid", gap: 0.25 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
          <Typography component="span" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: unread ? 700 : 600 }}>
            {chat.name}
          </Typography>
          <Typography component="span" variant="caption" color={unread ? "primary" : "text.secondary"}>
            {formatListTime(chat.updatedAt)}
          </Typography>
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {messageLine({ mediaType: chat.lastMessageMedia?.mediaType ?? "chat", fileName: chat.lastMessageMedia?.fileName, body: chat.lastMessage }, t) || "\u00a0"}
          </Typography>
          <Badge
            color="primary"
            badgeContent={chat.unreadMessages}
            max={99}
            sx={{ mr: 1.25 }}
            slotProps={{ badge: { "aria-label": t("chats.list.unread", { count: chat.unreadMessages }) } }}
          />
        </Box>
      </Box>
    </LinkRow>
  );
}
