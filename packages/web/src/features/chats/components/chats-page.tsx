import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ListDetailPage } from "../../../components/list-detail-page";
import { paths } from "../../../lib/paths";
import { useMatchedId } from "../../../lib/use-id-param";
import { useChatListFilter } from "../hooks/use-chat-list";
import { ChatListPanel } from "./chat-list-panel";
import { ChatView } from "./chat-view";
import { NewChatDialog } from "./new-chat-dialog";

/** /chats and /chats/:chatId (spec §2): the chat list, and the open chat or a welcome text. */
export function ChatsPage() {
  const { t } = useTranslation();
  const chatId = useMatchedId(paths.chat.pattern, "chatId");
  const filter = useChatListFilter();
  const [newChat, setNewChat] = useState(false);
  return (
    <ListDetailPage
      heading={t("pages.chats")}
      listLabel={t("chats.list.label")}
      list={<ChatListPanel filter={filter} selectedId={chatId} onNewChat={() => setNewChat(true)} />}
      detail={chatId === null ? null : <ChatView key={chatId} chatId={chatId} />}
      welcome={{ title: t("chats.welcome.title"), text: t("chats.welcome.text") }}
    >
      <NewChatDialog open={newChat} onClose={() => setNewChat(false)} />
    </ListDetailPage>
  );
}
