import { layout } from "@atendo/contracts";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { forwardRef, useRef, type HTMLAttributes, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso, type Components, type VirtuosoHandle } from "react-virtuoso";

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

const rowKeys = new Set(["ArrowDown", "ArrowUp", "Home", "End"]);
const focusable = "a[href], button:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Focuses row `index` (its link, or its first button) once the list has rendered it. */
function focusRowWhenShown(list: HTMLElement, index: number, framesLeft = 10): void {
  const row = list.querySelector<HTMLElement>(`[data-index="${index}"]`);
  const target = row?.matches(focusable) ? row : row?.querySelector<HTMLElement>(focusable);
  if (target) target.focus();
  else if (framesLeft > 0) requestAnimationFrame(() => focusRowWhenShown(list, index, framesLeft - 1));
}

/**
 * The rows of a long paged list (tickets, chats), virtualised: only what is on screen is in the
 * page. The next page is asked for when the end comes within 100 px of the view. Keyboard: from a
 * row, arrow Up/Down go to the previous/next row, Home/End to the first/last loaded one (scrolled
 * into view, then focused), Enter opens it as a click would.
 */
export function VirtualRows<T extends { id: number }>({ items, label, empty, hasNextPage, loadingMore, onEndReached, renderRow }: VirtualRowsProps<T>) {
  const { t } = useTranslation();
  const handle = useRef<VirtuosoHandle>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>("[data-index]");
    if (!rowKeys.has(event.key) || !from || event.altKey || event.ctrlKey || event.metaKey) return;
    const current = Number(from.dataset.index);
    const last = items.length - 1;
    const next = { ArrowDown: Math.min(current + 1, last), ArrowUp: Math.max(current - 1, 0), Home: 0, End: last }[event.key] ?? current;
    event.preventDefault();
    const list = event.currentTarget;
    handle.current?.scrollIntoView({ index: next, done: () => focusRowWhenShown(list, next) });
  };
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Virtuoso<T, RowsContext>
      ref={handle}
      onKeyDown={onKeyDown}
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
