import { layout } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useCallback, useEffect, useRef, type KeyboardEvent } from "react";
import { LoadingMore } from "./loading-more";
import { useWindowedRows } from "./use-windowed-rows";

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

/** A first guess of a row's height, until the row is measured (rows measure themselves once shown). */
const estimatedRowPx = 72;

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
  const scroller = useRef<HTMLDivElement>(null);
  const windowed = useWindowedRows({ keys: items.map((item) => item.id), estimatePx: estimatedRowPx, overscan: 4 });
  const { scrollerRef } = windowed;
  const setScroller = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      scrollerRef(element);
    },
    [scrollerRef],
  );
  const endWithinReach = () => {
    const element = scroller.current;
    return element !== null && element.scrollTop + element.clientHeight >= element.scrollHeight - layout.infiniteScrollPx;
  };
  const askedAtLength = useRef(-1);
  const askNextPage = () => {
    if (!hasNextPage || loadingMore || !endWithinReach()) return;
    askedAtLength.current = items.length;
    onEndReached();
  };
  // Without scrolling, once per length of the list (a page arrived, or the list is shorter than
  // the view); a page that failed is asked for again only when the user scrolls.
  useEffect(() => {
    if (askedAtLength.current !== items.length) askNextPage();
  });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>("[data-index]");
    if (!rowKeys.has(event.key) || !from || event.altKey || event.ctrlKey || event.metaKey) return;
    const current = Number(from.dataset.index);
    const last = items.length - 1;
    const next = { ArrowDown: Math.min(current + 1, last), ArrowUp: Math.max(current - 1, 0), Home: 0, End: last }[event.key] ?? current;
    event.preventDefault();
    windowed.scrollToIndex(next);
    focusRowWhenShown(event.currentTarget, next);
  };
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
        {empty}
      </Typography>
    );
  }
  return (
    <div ref={setScroller} style={{ height: "100%", overflowY: "auto" }} onKeyDown={onKeyDown} onScroll={askNextPage}>
      {/* The list element carries the name, so a screen reader (and a test) finds "Waiting tickets". */}
      <div role="list" aria-label={label} style={{ position: "relative", height: windowed.totalPx }}>
        {windowed.rows.map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <div
              key={row.key}
              role="listitem"
              data-index={row.index}
              data-key={row.key}
              ref={windowed.measure}
              style={{ position: "absolute", top: 0, left: 0, width: "100%", transform: `translateY(${row.start}px)` }}
            >
              {renderRow(item)}
            </div>
          );
        })}
      </div>
      {loadingMore && <LoadingMore />}
    </div>
  );
}
