import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useInfiniteScroll } from "./infinite-scroll";
import { flattenPages, type Identified, type Page, type searchedPagesOptions } from "./paged-cache";
import { useDebouncedValue } from "./use-debounced-value";

/**
 * A list page's searchable, infinitely scrolling list: the search box's text, the query of what
 * it matches (debounced), the records loaded so far and what the scroll box needs to load more.
 * The page shows the query's error itself.
 */
export function useSearchedList<K extends string, P extends Page<K, Identified>>(
  options: (search: string) => ReturnType<typeof searchedPagesOptions<P>>,
  key: K,
) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim());
  const query = useInfiniteQuery({ ...options(debounced), meta: { silent: true } });
  const items = flattenPages(query.data, key);
  const scroll = useInfiniteScroll<HTMLDivElement>({
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    itemCount: items.length,
  });
  return {
    search,
    setSearch,
    items,
    /** For the page's ListPage. */
    listProps: {
      query,
      isEmpty: items.length === 0,
      searching: debounced !== "",
      scroll: { scrollRef: scroll.ref, onScroll: scroll.onScroll, loadingMore: query.isFetchingNextPage },
    },
  };
}
