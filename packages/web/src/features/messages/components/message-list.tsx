import type { Message, Ticket } from "@atendo/contracts";
import { layout } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { forwardRef, useEffect, useRef, useState, type HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { toast } from "../../../lib/toast";
import { useDeleteMessage } from "../hooks/use-message-actions";
import { useMessagePermissions } from "../hooks/use-message-permissions";
import { useMessages } from "../hooks/use-messages";
import { useReadWhileShown } from "../hooks/use-read-while-shown";
import { useFirstItemIndex } from "../hooks/use-first-item-index";
import { formatDay, startsNewDay } from "../lib/message-dates";
import { MessageBubble } from "./message-bubble";

export interface MessageSelection {
  active: boolean;
  selectedIds: ReadonlySet<number>;
  onToggle(message: Message): void;
}

export interface MessageListProps {
  ticket: Ticket;
  selection: MessageSelection;
  onReply(message: Message): void;
  onStartForward(message: Message): void;
}

// Virtuoso hands its own props (`context`, `item`) to custom parts: they must not reach the DOM.
type PartProps = HTMLAttributes<HTMLDivElement> & { context?: unknown; item?: unknown };

const ListBox = forwardRef<HTMLDivElement, PartProps>(function ListBox({ context: _context, ...props }, ref) {
  return <div {...props} ref={ref} role="list" />;
});
const ItemBox = forwardRef<HTMLDivElement, PartProps>(function ItemBox({ context: _context, item: _item, ...props }, ref) {
  return <div {...props} ref={ref} role="listitem" />;
});

interface ListContext {
  loadingOlder: boolean;
}

function OlderPagesHeader({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  return context?.loadingOlder ? (
    <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
      <CircularProgress size={20} aria-label={t("messages.list.loadingOlder")} />
    </Box>
  ) : (
    <Spacer />
  );
}

function Spacer() {
  return <Box sx={{ height: 8 }} />;
}

function DaySeparator({ iso }: { iso: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
      <Chip size="small" label={formatDay(iso)} sx={{ bgcolor: "background.paper", boxShadow: 1 }} />
    </Box>
  );
}

/**
 * The conversation (spec §2): virtualised, newest at the bottom, older pages loaded within
 * 50 px of the top keeping the reading position, following new messages while at the bottom.
 */
export function MessageList({ ticket, selection, onReply, onStartForward }: MessageListProps) {
  const { t } = useTranslation();
  const query = useMessages(ticket.id);
  useReadWhileShown(ticket);
  const { messages, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const firstItemIndex = useFirstItemIndex(messages);
  const permissions = useMessagePermissions(ticket);
  const remove = useDeleteMessage(ticket.id);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [atTop, setAtTop] = useState(false);
  const [toDelete, setToDelete] = useState<Message | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const lastSeenId = useRef<number | null>(null);

  useEffect(() => {
    if (atTop && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [atTop, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), 1500);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const blockedOnOtherConnection = (message: Message) => {
    if (!permissions.isOtherConnection(message)) return false;
    toast.warning(t("messages.otherConnection"));
    return true;
  };

  const jumpTo = (id: number) => {
    const index = messages.findIndex((message) => message.id === id);
    if (index === -1) {
      toast.info(t("messages.quote.notLoaded"));
      return;
    }
    virtuoso.current?.scrollToIndex({ index, align: "center", behavior: "smooth" });
    setHighlighted(id);
  };

  // Follow new messages when at the bottom, and always after the user's own message.
  const followOutput = (atBottom: boolean) => {
    const last = messages.at(-1);
    const ownNew = last !== undefined && last.id !== lastSeenId.current && last.fromMe && last.userId !== null;
    lastSeenId.current = last?.id ?? null;
    return atBottom || ownNew ? "smooth" : false;
  };

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
          <Typography color="text.secondary">{t("messages.list.error")}</Typography>
          <Button onClick={() => void query.refetch()}>{t("common.retry")}</Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", bgcolor: "#efeae2" }} aria-label={t("messages.list.label")} role="region">
      {messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ m: "auto", p: 2 }}>
          {t("messages.list.empty")}
        </Typography>
      ) : (
        <Virtuoso
          key={ticket.id}
          ref={virtuoso}
          style={{ flex: 1 }}
          data={messages}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={{ index: "LAST", align: "end" }}
          alignToBottom
          computeItemKey={(_, message) => message.id}
          atTopThreshold={layout.olderMessagesPx}
          atTopStateChange={setAtTop}
          followOutput={followOutput}
          increaseViewportBy={{ top: 400, bottom: 200 }}
          context={{ loadingOlder: isFetchingNextPage }}
          components={{
            List: ListBox,
            Item: ItemBox,
            Header: OlderPagesHeader,
            Footer: Spacer,
          }}
          itemContent={(index, message) => {
            const previous = messages[index - firstItemIndex - 1];
            return (
              <>
                {startsNewDay(previous?.createdAt, message.createdAt) && <DaySeparator iso={message.createdAt} />}
                <MessageBubble
                  message={message}
                  ticket={ticket}
                  highlighted={highlighted === message.id}
                  selection={{
                    active: selection.active,
                    selected: selection.selectedIds.has(message.id),
                    onToggle: () => selection.onToggle(message),
                  }}
                  actions={
                    message.isDeleted
                      ? null
                      : {
                          onReply: () => {
                            if (!blockedOnOtherConnection(message)) onReply(message);
                          },
                          onForward: () => onStartForward(message),
                          onDelete: permissions.canDelete(message)
                            ? () => {
                                if (!blockedOnOtherConnection(message)) setToDelete(message);
                              }
                            : undefined,
                        }
                  }
                  onJumpToQuote={jumpTo}
                />
              </>
            );
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("messages.menu.deleteTitle")}
        message={t("messages.menu.deleteText")}
        confirmLabel={t("common.delete")}
        danger
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
