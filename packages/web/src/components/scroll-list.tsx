import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode, Ref } from "react";
import { LoadingMore } from "./loading-more";

export interface ScrollListProps {
  /** Attach {@link useInfiniteScroll}'s ref and handler to page on scrolling. */
  scrollRef?: Ref<HTMLDivElement>;
  onScroll?: () => void;
  /** Shown under the list when it holds nothing. */
  empty: string | null;
  loadingMore?: boolean;
  label: string;
  children: ReactNode;
}

/**
 * The scroll box of a list page: fills the rest of the page and scrolls inside, so the page never
 * overflows sideways and the next page loads near its end.
 */
export function ScrollList({ scrollRef, onScroll, empty, loadingMore, label, children }: ScrollListProps) {
  return (
    <Paper
      variant="outlined"
      ref={scrollRef}
      onScroll={onScroll}
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ flex: "0 1 auto", minHeight: 0, overflow: "auto", position: "relative" }}
    >
      {children}
      {empty && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
          {empty}
        </Typography>
      )}
      {loadingMore && <LoadingMore />}
    </Paper>
  );
}
