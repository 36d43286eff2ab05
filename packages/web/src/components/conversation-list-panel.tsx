import AddCommentIcon from "@mui/icons-material/AddComment";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import type { ReactNode } from "react";
import { QueryState } from "./query-state";
import { SearchField } from "./search-field";
import { Tooltip } from "./tooltip";
import { VirtualRows } from "./virtual-rows";

/** What the rows need of the list's infinite query. */
interface PagedQuery {
  isPending: boolean;
  error: unknown;
  data: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

interface ConversationListPanelProps<T extends { id: number }> {
  search: { label: string; value: string; onChange: (value: string) => void };
  /** Between the search and the new button (the ticket list's filters). */
  searchTools?: ReactNode;
  /** The new-conversation button's name ("New ticket", "New chat"). */
  newLabel: string;
  onNew: () => void;
  /** Between the search and the rows (tabs, switches). */
  children?: ReactNode;
  /** A line above the rows, where nothing above draws one. */
  divided?: boolean;
  query: PagedQuery;
  /** The rows of the pages loaded so far. */
  items: T[];
  label: string;
  empty: string;
  renderRow: (item: T) => ReactNode;
}

/**
 * The left side of /tickets and /chats: search and the new-conversation button, then the list's
 * spinner or error (with retry) and its rows, loading the next page near the end.
 */
export function ConversationListPanel<T extends { id: number }>(props: ConversationListPanelProps<T>) {
  const { search, searchTools, newLabel, onNew, children, divided = false, query, ...rows } = props;
  return (
    <Box sx={{ height: "100%", display: "flex", flexDirection: "column", minHeight: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, p: 1.5, pb: 1 }}>
        <SearchField {...search} />
        {searchTools}
        <Tooltip title={newLabel}>
          <IconButton color="primary" aria-label={newLabel} onClick={onNew}>
            <AddCommentIcon />
          </IconButton>
        </Tooltip>
      </Box>
      {children}
      <Box sx={{ flex: 1, minHeight: 0, position: "relative", ...(divided && { borderTop: 1, borderColor: "divider" }) }}>
        <Box sx={{ p: query.error ? 1.5 : 0 }}>
          <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        </Box>
        {Boolean(query.data) && (
          <VirtualRows {...rows} hasNextPage={query.hasNextPage} loadingMore={query.isFetchingNextPage} onEndReached={() => void query.fetchNextPage()} />
        )}
      </Box>
    </Box>
  );
}
