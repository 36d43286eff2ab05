import { layout } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { forwardRef, useEffect, useRef, useState, type HTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { PaneState } from "../../../components/pane-state";
import { toast } from "../../../lib/toast";
import { useFirstItemIndex } from "../hooks/use-first-item-index";
import { formatDay, startsNewDay } from "../lib/message-dates";
import { schemeColour } from "../../../lib/scheme-colour";

/** The conversation's wallpaper, warm grey (near-black in the dark scheme). */
const wallpaper = schemeColour("#efeae2", "#0b1418");

/** What the list needs of a conversation's paged query (`useMessagePages`). */
export interface ConversationQuery<M> {
  messages: M[];
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): unknown;
}

/** What each message's row gets from the list. */
export interface ConversationMarks {
  /** Marked for a moment after a jump to it. */
  highlighted: boolean;
  /** Scrolls to a loaded message and marks it (a quote's click). */
  jumpTo(id: number): void;
}

interface ConversationListProps<M extends { id: number; createdAt: string }> {
  /** The conversation shown (a ticket's id, a chat's id): another one starts again at its bottom. */
  conversationId: number;
  query: ConversationQuery<M>;
  emptyText: string;
  /** Whether the user just sent `message`: the list follows it even when scrolled up. */
  isOwnNew(message: M): boolean;
  renderMessage(message: M, marks: ConversationMarks): ReactNode;
  /** Dialogs the rows open (delete confirmation). */
  children?: ReactNode;
  /** An item to scroll to and mark once it is loaded (a mention opens its note). */
  focusId?: number | null;
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

/** A quote's target, marked for 1.5 s after the jump. */
function useHighlight() {
  const [highlighted, setHighlighted] = useState<number | null>(null);
  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), 1500);
    return () => clearTimeout(timer);
  }, [highlighted]);
  return [highlighted, setHighlighted] as const;
}

/**
 * A conversation, a ticket's or an internal chat's (spec §2): virtualised, newest at the bottom, a
 * chip at each new day, older pages loaded within 50 px of the top keeping the reading position,
 * following new messages while at the bottom.
 */
export function ConversationList<M extends { id: number; createdAt: string }>({
  conversationId,
  query,
  emptyText,
  isOwnNew,
  renderMessage,
  children,
  focusId = null,
}: ConversationListProps<M>) {
  const { t } = useTranslation();
  const { messages, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const firstItemIndex = useFirstItemIndex(messages);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [atTop, setAtTop] = useState(false);
  const [highlighted, setHighlighted] = useHighlight();
  const lastSeenId = useRef<number | null>(null);

  useEffect(() => {
    if (atTop && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [atTop, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const jumpTo = (id: number) => {
    const index = messages.findIndex((message) => message.id === id);
    if (index === -1) {
      toast.info(t("messages.quote.notLoaded"));
      return;
    }
    virtuoso.current?.scrollToIndex({ index, align: "center", behavior: "smooth" });
    setHighlighted(id);
  };

  // A focused item is jumped to once, when it has arrived.
  const focused = useRef<number | null>(null);
  const focusLoaded = focusId !== null && messages.some((message) => message.id === focusId);
  useEffect(() => {
    if (!focusLoaded || focusId === null || focused.current === focusId) return;
    focused.current = focusId;
    const index = messages.findIndex((message) => message.id === focusId);
    // After Virtuoso's first layout, which starts at the bottom.
    requestAnimationFrame(() => virtuoso.current?.scrollToIndex({ index, align: "center" }));
    setHighlighted(focusId);
  }, [focusLoaded, focusId, messages, setHighlighted]);

  // Follow new messages when at the bottom, and always after the user's own message.
  const followOutput = (atBottom: boolean) => {
    const last = messages.at(-1);
    const ownNew = last !== undefined && last.id !== lastSeenId.current && isOwnNew(last);
    lastSeenId.current = last?.id ?? null;
    return atBottom || ownNew ? "smooth" : false;
  };

  if (query.isPending || query.isError) {
    return <PaneState isPending={query.isPending} isError={query.isError} errorText={t("messages.list.error")} onRetry={() => void query.refetch()} />;
  }

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", bgcolor: wallpaper }} aria-label={t("messages.list.label")} role="region">
      {messages.length === 0 ? (
        <Typography color="text.secondary" sx={{ m: "auto", p: 2 }}>
          {emptyText}
        </Typography>
      ) : (
        <Virtuoso
          key={conversationId}
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
          components={{ List: ListBox, Item: ItemBox, Header: OlderPagesHeader, Footer: Spacer }}
          itemContent={(index, message) => {
            const previous = messages[index - firstItemIndex - 1];
            return (
              <>
                {startsNewDay(previous?.createdAt, message.createdAt) && <DaySeparator iso={message.createdAt} />}
                {renderMessage(message, { highlighted: highlighted === message.id, jumpTo })}
              </>
            );
          }}
        />
      )}
      {children}
    </Box>
  );
}
