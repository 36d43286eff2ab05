import { layout } from "@atendo/contracts";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { forwardRef, type HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type Components } from "react-virtuoso";

interface VirtualRowsProps<T extends { id: number }> {
  items: T[];
  label: string;
  empty: string;
  hasNextPage: boolean;
  loadingMore: boolean;
  /** Called near the end of the list (spec §9: 100 px); only the user's scrolling retries a failed page. */
  onEndReached: () => void;
  renderRow: (item: T) => React.ReactNode;
}

interface RowsContext {
  label: string;
}

// The list element carries the name, so a screen reader (and a test) finds "Waiting tickets".
const List = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { context?: RowsContext }>(function List(
  { context, ...props },
  ref,
) {
  return <div {...props} ref={ref} role="list" aria-label={context?.label} />;
});

const Item: Components<unknown, RowsContext>["Item"] = ({ children, item: _item, context: _context, ...props }) => (
  <div {...props} role="listitem">
    {children}
  </div>
);

/**
 * The rows of a long paged list (tickets, chats), virtualised: only what is on screen is in the
 * page. The next page is asked for when the end comes within 100 px of the view.
 */
export function VirtualRows<T extends { id: number }>({ items, label, empty, hasNextPage, loadingMore, onEndReached, renderRow }: VirtualRowsProps<T>) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Virtuoso<T, RowsContext>
      style={{ height: "100%" }}
      context={{ label }}
      data={items}
      computeItemKey={(_index, item) => item.id}
      increaseViewportBy={{ top: 0, bottom: layout.infiniteScrollPx }}
      endReached={() => {
        if (hasNextPage && !loadingMore) onEndReached();
      }}
      itemContent={(_index, item) => renderRow(item)}
      components={{
        List,
        Item: Item as Components<T, RowsContext>["Item"],
        Footer: () =>
          loadingMore ? (
            <Box sx={{ display: "grid", placeItems: "center", py: 2 }}>
              <CircularProgress size={24} aria-label={t("common.loadingMore")} />
            </Box>
          ) : null,
      }}
    />
  );
}
