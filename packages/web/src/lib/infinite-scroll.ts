import { layout } from "@atendo/contracts";
import { useCallback, useEffect, useRef } from "react";

interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** True when the box is scrolled to within `thresholdPx` of its end (spec §9: 100 px). */
export function isNearBottom(box: ScrollBox, thresholdPx: number = layout.infiniteScrollPx): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= thresholdPx;
}

interface InfiniteScrollOptions {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The last page failed: only the user's own scrolling tries again, never a render. */
  isFetchNextPageError?: boolean;
  /** How many items are shown; a change re-checks whether the box is still short of its end. */
  itemCount: number;
}

/**
 * Loads the next page when the scroll box comes within 100 px of its end. Also checks after each
 * page arrives: a first page that does not fill the box gives the user nothing to scroll.
 */
export function useInfiniteScroll<T extends HTMLElement>({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  isFetchNextPageError = false,
  itemCount,
}: InfiniteScrollOptions) {
  const ref = useRef<T>(null);
  const check = useCallback(() => {
    const box = ref.current;
    if (box && hasNextPage && !isFetchingNextPage && isNearBottom(box)) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const automatic = !isFetchNextPageError;

  useEffect(() => {
    if (automatic) check();
  }, [automatic, check, itemCount]);

  useEffect(() => {
    const box = ref.current;
    if (!automatic || !box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => check());
    observer.observe(box);
    return () => observer.disconnect();
  }, [automatic, check]);

  return { ref, onScroll: check };
}
