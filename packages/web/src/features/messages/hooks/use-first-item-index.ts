import { useState } from "react";

/** Far from 0 so that years of prepended pages never make it negative (Virtuoso needs ≥ 0). */
const start = 1_000_000_000;

/**
 * Virtuoso's `firstItemIndex` for a list that grows at its top: lowered by the number of items
 * that appeared before the previous first one, so the view stays where the user was reading.
 */
export function useFirstItemIndex<T extends { id: number }>(items: readonly T[]): number {
  const firstId = items[0]?.id ?? null;
  const [anchor, setAnchor] = useState<{ firstId: number | null; index: number }>({ firstId, index: start });
  if (anchor.firstId === firstId) return anchor.index;
  const previousAt = anchor.firstId === null ? -1 : items.findIndex((item) => item.id === anchor.firstId);
  const index = previousAt > 0 ? anchor.index - previousAt : anchor.index;
  // Adjusting state while rendering (React's pattern for state derived from props).
  setAnchor({ firstId, index });
  return index;
}
