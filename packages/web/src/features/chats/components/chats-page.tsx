import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMatch } from "react-router";
import { visuallyHidden } from "../../../components/visually-hidden";
import { paths } from "../../../lib/paths";
import { useChatListFilter } from "../hooks/use-chat-list";
import { ChatListPanel } from "./chat-list-panel";
import { ChatView } from "./chat-view";
import { NewChatDialog } from "./new-chat-dialog";

const listWidth = { md: 340, lg: 380 };

/**
 * /chats and /chats/:chatId (spec §2): the list on the left, the open chat (or a welcome text) on
 * the right; under md only one side shows.
 */
export function ChatsPage() {
  const { t } = useTranslation();
  const match = useMatch(paths.chat.pattern);
  const parsed = Number(match?.params.chatId);
  const chatId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const filter = useChatListFilter();
  const [newChat, setNewChat] = useState(false);
  return (
    <Box sx={{ position: "relative", height: "100%", display: "flex", minHeight: 0, bgcolor: "background.paper" }}>
      <Box
        component="section"
        aria-label={t("chats.list.label")}
        sx={{
          width: { xs: "100%", md: listWidth.md, lg: listWidth.lg },
          flexShrink: 0,
          borderRight: { md: 1 },
          borderColor: { md: "divider" },
          display: { xs: chatId === null ? "block" : "none", md: "block" },
          minHeight: 0,
        }}
      >
        <ChatListPanel filter={filter} selectedId={chatId} onNewChat={() => setNewChat(true)} />
      </Box>
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          minHeight: 0,
          display: { xs: chatId === null ? "none" : "flex", md: "flex" },
          flexDirection: "column",
          bgcolor: "background.default",
        }}
      >
        {chatId === null ? <Welcome /> : <ChatView key={chatId} chatId={chatId} />}
      </Box>
      <NewChatDialog open={newChat} onClose={() => setNewChat(false)} />
      <Typography component="h1" sx={visuallyHidden}>
        {t("pages.chats")}
      </Typography>
    </Box>
  );
}

function Welcome() {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: "grid", placeItems: "center", p: 4, textAlign: "center" }}>
      <Box sx={{ maxWidth: 360 }}>
        <ForumOutlinedIcon sx={{ fontSize: 56, color: "primary.light" }} aria-hidden />
        <Typography variant="h2" component="p" sx={{ mt: 2 }}>
          {t("chats.welcome.title")}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t("chats.welcome.text")}
        </Typography>
      </Box>
    </Box>
  );
}
