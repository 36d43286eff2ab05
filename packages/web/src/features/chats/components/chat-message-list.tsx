import type { Chat, ChatMessage } from "@atendo/contracts";
import { layout } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { formatDay, startsNewDay, useFirstItemIndex } from "../../messages";
import { useDeleteChatMessage } from "../hooks/use-chat-actions";
import { useChatMessages } from "../hooks/use-chat-messages";
import { ChatMessageBubble } from "./chat-message-bubble";

function OlderPagesHeader({ context }: { context?: { loadingOlder: boolean } }) {
  const { t } = useTranslation();
  return context?.loadingOlder ? (
    <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
      <CircularProgress size={20} aria-label={t("chats.view.loadingOlder")} />
    </Box>
  ) : (
    <Box sx={{ height: 8 }} />
  );
}

/**
 * The chat's messages (spec §2): newest at the bottom, a separator at each new day, older pages
 * loaded within 50 px of the top, following new messages while at the bottom.
 */
export function ChatMessageList({ chat, canWrite }: { chat: Chat; canWrite: boolean }) {
  const { t } = useTranslation();
  const query = useChatMessages(chat.id);
  const { messages, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const firstItemIndex = useFirstItemIndex(messages);
  const remove = useDeleteChatMessage();
  const [atTop, setAtTop] = useState(false);
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);

  useEffect(() => {
    if (atTop && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [atTop, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) {
    return (
      <Box sx={{ flex: 1, display: "grid", placeItems: "center" }}>
        <CircularProgress aria-label={t("common.loading")} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Box sx={{ flex: 1, display: "grid", placeItems: "center", textAlign: "center", p: 2 }}>
        <Box>
          <Typography color="text.secondary">{t("chats.view.messagesError")}</Typography>
          <Button onClick={() => void query.refetch()}>{t("common.retry")}</Button>
        </Box>
      </Box>
    );
  }
  const lastId = messages.at(-1)?.id;
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", bgcolor: "#efeae2" }} aria-label={t("chats.view.messages")} role="region">
      {messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ m: "auto", p: 2 }}>
          {t("chats.view.empty")}
        </Typography>
      ) : (
        <Virtuoso
          style={{ flex: 1 }}
          data={messages}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={{ index: "LAST", align: "end" }}
          alignToBottom
          computeItemKey={(_, message) => message.id}
          atTopThreshold={layout.olderMessagesPx}
          atTopStateChange={setAtTop}
          followOutput={(atBottom) => (atBottom || messages.at(-1)?.fromMe ? "smooth" : false)}
          increaseViewportBy={{ top: 400, bottom: 200 }}
          context={{ loadingOlder: isFetchingNextPage }}
          components={{ Header: OlderPagesHeader, Footer: () => <Box sx={{ height: 8 }} /> }}
          itemContent={(index, message) => {
            const previous = messages[index - firstItemIndex - 1];
            return (
              <>
                {startsNewDay(previous?.createdAt, message.createdAt) && (
                  <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
                    <Chip size="small" label={formatDay(message.createdAt)} sx={{ bgcolor: "background.paper", boxShadow: 1 }} />
                  </Box>
                )}
                <ChatMessageBubble
                  message={message}
                  showSender={chat.isGroup}
                  onDelete={canWrite && message.fromMe && !message.isDeleted ? () => setToDelete(message) : undefined}
                />
              </>
            );
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("chats.message.deleteTitle")}
        message={t("chats.message.deleteText")}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={() => toDelete && remove.mutate({ message: toDelete, isLast: toDelete.id === lastId })}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
