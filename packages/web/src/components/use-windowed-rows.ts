import { useCallback, useEffect, useRef, useState } from "react";

interface WindowedRowsOptions {
  /** The rows' stable keys, in order. */
  keys: readonly number[];
  /** A first guess of a row's height, until the row is measured (rows measure themselves once shown). */
  estimatePx: number;
  /** Rows rendered beyond each edge of the view, so a short scroll shows no gap. */
  overscan: number;
}

/**
 * Windowing for a list of rows of varying height inside a scrolling element: which rows to render
 * and where. Written for our two lists instead of a library (docs/decisions/0043: @tanstack/virtual
 * was 10 kB gzip on the tickets screen's first load). Rows report their height through `measure`; a
 * row above the view that changes height moves the scroll position with it, so what is on screen
 * stays put.
 */
export function useWindowedRows({ keys, estimatePx, overscan }: WindowedRowsOptions) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  const heights = useRef(new Map<number, number>());
  const [, setMeasured] = useState(0);

  const starts: number[] = [];
  let totalPx = 0;
  for (const key of keys) {
    starts.push(totalPx);
    totalPx += heights.current.get(key) ?? estimatePx;
  }
  const heightAt = (index: number) => heights.current.get(keys[index] ?? -1) ?? estimatePx;

  useEffect(() => {
    if (!scroller) return;
    const follow = () =>
      setView((current) =>
        current.top === scroller.scrollTop && current.height === scroller.clientHeight ? current : { top: scroller.scrollTop, height: scroller.clientHeight },
      );
    follow();
    scroller.addEventListener("scroll", follow, { passive: true });
    const resizes = new ResizeObserver(follow);
    resizes.observe(scroller);
    return () => {
      scroller.removeEventListener("scroll", follow);
      resizes.disconnect();
    };
  }, [scroller]);

  // Read by the row observer, which outlives renders.
  const latest = useRef({ keys, starts, scroller });
  latest.current = { keys, starts, scroller };
  const rowSizes = useRef<ResizeObserver | null>(null);
  rowSizes.current ??= new ResizeObserver((entries) => {
    let changed = false;
    for (const entry of entries) {
      const key = Number((entry.target as HTMLElement).dataset.key);
      const height = entry.borderBoxSize[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
      const before = heights.current.get(key) ?? estimatePx;
      if (height === before) continue;
      const { keys: current, starts: offsets, scroller: element } = latest.current;
      const start = offsets[current.indexOf(key)];
      if (element && start !== undefined && start < element.scrollTop) element.scrollTop += height - before;
      heights.current.set(key, height);
      changed = true;
    }
    if (changed) setMeasured((count) => count + 1);
  });

  /** Ref of a row element (which carries `data-key`): measured while it is rendered (a row unmounted is unobserved, so the observer needs no disconnect). */
  const measure = useCallback((row: HTMLElement | null) => {
    if (!row) return;
    rowSizes.current?.observe(row);
    return () => rowSizes.current?.unobserve(row);
  }, []);

  let first = 0;
  while (first < keys.length - 1 && (starts[first] ?? 0) + heightAt(first) <= view.top) first += 1;
  let last = first;
  while (last < keys.length - 1 && (starts[last + 1] ?? 0) < view.top + view.height) last += 1;
  const rows = [];
  for (let index = Math.max(0, first - overscan); index <= Math.min(keys.length - 1, last + overscan); index += 1) {
    rows.push({ index, key: keys[index] as number, start: starts[index] ?? 0 });
  }

  /** Scrolls the least that shows row `index` whole. */
  const scrollToIndex = (index: number) => {
    const start = starts[index];
    if (!scroller || start === undefined) return;
    const end = start + heightAt(index);
    if (start < scroller.scrollTop) scroller.scrollTop = start;
    else if (end > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = end - scroller.clientHeight;
  };

  return { scrollerRef: setScroller, totalPx, rows, measure, scrollToIndex };
}
