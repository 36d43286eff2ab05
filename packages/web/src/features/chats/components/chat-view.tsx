import { chatAbilities, chatFactsOf, type ChatMessage } from "@atendo/contracts";
import Box from "@mui/material/Box";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { PaneState } from "../../../components/pane-state";
import { paths } from "../../../lib/paths";
import { useCurrentUser } from "../../../lib/session";
import { useServerEvent } from "../../../lib/socket";
import { toast } from "../../../lib/toast";
import { useMarkReadWhileOpen } from "../hooks/use-chat-actions";
import { useChat } from "../hooks/use-chat-list";
import { ChatComposer } from "./chat-composer";
import { ChatDetailsDrawer } from "./chat-details-drawer";
import { ChatHeader } from "./chat-header";
import { ChatMessageList } from "./chat-message-list";

/** An open chat (spec §2): header, messages, and the input for participants. */
export function ChatView({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const query = useChat(chatId);
  const [details, setDetails] = useState(false);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const chat = query.data;
  const abilities = chat && me ? chatAbilities(chatFactsOf(chat), me) : null;
  useMarkReadWhileOpen(chatId, abilities?.write ?? false);

  // Spec §4: the open chat deleted → toast and back to the list. One the user left (or was
  // removed from) goes back too, unless they may still read it (admins with show-all).
  useServerEvent("chat", (event) => {
    if (event.action === "delete" && event.chatId === chatId) {
      toast.info(t("chats.view.deleted"));
      void navigate(paths.chats);
    } else if (event.action === "removeParticipant" && event.chat.id === chatId && me && event.userId === me.id) {
      if (!chatAbilities(chatFactsOf(event.chat), me).read) void navigate(paths.chats);
    }
  });

  if (!chat || !abilities) {
    return <PaneState isPending={query.isPending} isError errorText={t("chats.view.error")} onRetry={() => void query.refetch()} />;
  }
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
      <ChatHeader chat={chat} onOpenDetails={() => setDetails(true)} />
      <ChatMessageList chat={chat} canWrite={abilities.write} onReply={abilities.write ? setReplyTo : undefined} />
      {abilities.write && <ChatComposer chatId={chat.id} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />}
      <ChatDetailsDrawer open={details} chat={chat} abilities={abilities} onClose={() => setDetails(false)} />
    </Box>
  );
}
