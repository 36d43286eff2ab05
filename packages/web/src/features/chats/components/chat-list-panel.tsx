import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { useTranslation } from "../../../lib/i18n";
import { can } from "@atendo/contracts";
import { ConversationListPanel } from "../../../components/conversation-list-panel";
import { flattenPages } from "../../../lib/paged-cache";
import { useCurrentUser } from "../../../lib/session";
import { useChatList, type useChatListFilter } from "../hooks/use-chat-list";
import { ChatRow } from "./chat-row";

interface ChatListPanelProps {
  filter: ReturnType<typeof useChatListFilter>;
  selectedId: number | null;
  onNewChat: () => void;
}

/** The left side of /chats: search, admins' show-all, new-chat button and the rows. */
export function ChatListPanel({ filter, selectedId, onNewChat }: ChatListPanelProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const query = useChatList(filter.filter);
  const chats = flattenPages(query.data, "chats");
  return (
    <ConversationListPanel
      search={{ label: t("chats.list.search"), value: filter.searchText, onChange: filter.setSearchText }}
      newLabel={t("chats.newChat.open")}
      onNew={onNewChat}
      divided
      query={query}
      items={chats}
      label={t("chats.list.label")}
      empty={t(filter.filter.search ? "common.noResults" : "chats.list.empty")}
      renderRow={(chat) => <ChatRow chat={chat} selected={chat.id === selectedId} />}
    >
      {can(me?.profile, "chats-manager:showall") && (
        <FormControlLabel
          sx={{ ml: 0.5, mr: 2, pb: 0.5 }}
          control={<Switch size="small" checked={filter.showAll} onChange={(event) => filter.setShowAll(event.target.checked)} />}
          label={t("chats.list.showAll")}
        />
      )}
    </ConversationListPanel>
  );
}
