import AddCommentIcon from "@mui/icons-material/AddComment";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Switch from "@mui/material/Switch";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "../../../lib/i18n";
import { can } from "@atendo/contracts";
import { QueryState } from "../../../components/query-state";
import { SearchField } from "../../../components/search-field";
import { VirtualRows } from "../../../components/virtual-rows";
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
    <Box sx={{ height: "100%", display: "flex", flexDirection: "column", minHeight: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, p: 1.5, pb: 1 }}>
        <SearchField label={t("chats.list.search")} value={filter.searchText} onChange={filter.setSearchText} />
        <Tooltip title={t("chats.newChat.open")}>
          <IconButton color="primary" aria-label={t("chats.newChat.open")} onClick={onNewChat}>
            <AddCommentIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {can(me?.profile, "chats-manager:showall") && (
        <FormControlLabel
          sx={{ ml: 0.5, mr: 2, pb: 0.5 }}
          control={<Switch size="small" checked={filter.showAll} onChange={(event) => filter.setShowAll(event.target.checked)} />}
          label={t("chats.list.showAll")}
        />
      )}
      <Box sx={{ flex: 1, minHeight: 0, position: "relative", borderTop: 1, borderColor: "divider" }}>
        <Box sx={{ p: query.error ? 1.5 : 0 }}>
          <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        </Box>
        {query.data && (
          <VirtualRows
            items={chats}
            label={t("chats.list.label")}
            empty={t(filter.filter.search ? "common.noResults" : "chats.list.empty")}
            hasNextPage={query.hasNextPage}
            loadingMore={query.isFetchingNextPage}
            onEndReached={() => void query.fetchNextPage()}
            renderRow={(chat) => <ChatRow chat={chat} selected={chat.id === selectedId} />}
          />
        )}
      </Box>
    </Box>
  );
}
