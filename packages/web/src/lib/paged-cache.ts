import { infiniteQueryOptions, keepPreviousData, type InfiniteData, type Query, type QueryClient } from "@tanstack/react-query";

/**
 * Live updates of paged lists ({users, hasMore}, {contacts, hasMore}, ...) kept in TanStack
 * Query's infinite caches: records are replaced, placed or removed by id, in the list's order.
 */
export interface Identified {
  id: number;
}

export type Page<K extends string, T> = { [key in K]: T[] } & { hasMore: boolean };
/** The record type of a page's list under `key`. */
type ItemOf<P, K extends keyof P> = P[K] extends readonly (infer T)[] ? T : never;

export interface PagedUpsertOptions<T> {
  /** The list's order (the server's ORDER BY). */
  compare: (a: T, b: T) => number;
  /** Whether a record not shown yet may be added (false while a search is active, spec §4). */
  insert: boolean;
}

function withItems<K extends string, T, P extends Page<K, T>>(page: P, key: K, items: T[]): P {
  return { ...page, [key]: items };
}

export function removeFromPages<K extends string, T extends Identified, P extends Page<K, T>>(
  data: InfiniteData<P> | undefined,
  key: K,
  id: number,
): InfiniteData<P> | undefined {
  if (!data || !data.pages.some((page) => page[key].some((item) => item.id === id))) return data;
  return { ...data, pages: data.pages.map((page) => withItems(page, key, page[key].filter((item) => item.id !== id))) };
}

/**
 * Puts `item` where it sorts among the loaded pages, replacing an older copy. A record that sorts
 * after everything loaded while more pages exist is left for the page that will bring it.
 */
export function upsertInPages<K extends string, T extends Identified, P extends Page<K, T>>(
  data: InfiniteData<P> | undefined,
  key: K,
  item: T,
  { compare, insert }: PagedUpsertOptions<T>,
): InfiniteData<P> | undefined {
  if (!data) return data;
  const present = data.pages.some((page) => page[key].some((existing) => existing.id === item.id));
  if (!present && !insert) return data;
  const pages = (removeFromPages(data, key, item.id) ?? data).pages;
  let placed = false;
  const next = pages.map((page, index) => {
    if (placed) return page;
    const items = page[key];
    const at = items.findIndex((existing) => compare(item, existing) < 0);
    const isLast = index === pages.length - 1;
    if (at === -1 && !(isLast && !page.hasMore)) return page;
    placed = true;
    const position = at === -1 ? items.length : at;
    return withItems(page, key, [...items.slice(0, position), item, ...items.slice(position)]);
  });
  return { ...data, pages: next };
}

/** All loaded records in order; a record shifted across a page boundary by a live change shows once. */
export function flattenPages<P extends Page<K, Identified>, K extends string>(
  data: InfiniteData<P> | undefined,
  key: K,
): ItemOf<P, K>[] {
  const seen = new Set<number>();
  const result: Identified[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page[key]) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      result.push(item);
    }
  }
  return result as ItemOf<P, K>[];
}

/** Case-insensitive order by a text field, then id (as the server sorts lists). */
export function byText<T extends Identified>(field: (item: T) => string) {
  return (a: T, b: T): number => {
    const left = field(a).toLowerCase();
    const right = field(b).toLowerCase();
    if (left !== right) return left < right ? -1 : 1;
    return a.id - b.id;
  };
}

/** `getNextPageParam` of every `{..., hasMore}` list: pages are numbered from 1. */
export function nextPageNumber(lastPage: { hasMore: boolean }, allPages: readonly unknown[]): number | undefined {
  return lastPage.hasMore ? allPages.length + 1 : undefined;
}

/** One page of a searchable list (GET /users, /contacts, /quickAnswers). */
export interface PageQuery {
  searchParam: string;
  pageNumber: number;
}

/**
 * After the user's own change, lists filtered by a search are fetched again: live upserts do not
 * add records to them (the server decides what matches), yet the user expects to see their change.
 */
export function refetchSearchedLists(queryClient: QueryClient, listKey: readonly unknown[]): void {
  void queryClient.invalidateQueries({
    queryKey: listKey,
    predicate: (query) => typeof query.queryKey[listKey.length] === "string" && query.queryKey[listKey.length] !== "",
  });
}

/**
 * A live change that arrives while a list is being fetched is lost twice over: the answer on its
 * way was read before the change, and a list with no data yet takes no upsert. Those lists are
 * fetched again (the fetch in flight is cancelled), so the change always shows.
 */
export function refetchListsInFlight(queryClient: QueryClient, listKey: readonly unknown[]): void {
  const inFlight = queryClient.getQueryCache().findAll({ queryKey: listKey, predicate: (query) => query.state.fetchStatus === "fetching" });
  if (inFlight.length === 0) return;
  const restart = { queryKey: listKey, predicate: (query: Query) => inFlight.includes(query) };
  // invalidateQueries alone would join a first fetch in flight instead of restarting it.
  void queryClient.cancelQueries(restart).then(() => queryClient.refetchQueries(restart));
}

/**
 * Runs `update` over every cached copy of a filtered list (`[...listsKey, filter]`: each tab,
 * search and filter combination), then fetches again those being fetched right now, whose answer
 * may predate the change ({@link refetchListsInFlight}). Ticket and chat lists' live updates.
 */
export function updateFilteredLists<D, F>(queryClient: QueryClient, listsKey: readonly unknown[], update: (data: D, filter: F) => D | undefined): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listsKey })) {
    const filter = query.queryKey[listsKey.length] as F | undefined;
    const data = query.state.data as D | undefined;
    if (data && filter) queryClient.setQueryData<D>(query.queryKey, update(data, filter));
  }
  refetchListsInFlight(queryClient, listsKey);
}

/**
 * The infinite query of a list kept current by live events rather than refetched (ticket and chat
 * lists): pages from 1, never stale, as a refetch on every mount would reorder the rows under the
 * pointer for nothing; the list shows its errors itself.
 */
export function livePagesOptions<K extends readonly unknown[], P extends { hasMore: boolean }>(
  queryKey: K,
  fetchPage: (pageNumber: number, signal: AbortSignal) => Promise<P>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/**
 * The infinite query of one searchable list (`[root, "list", search]`): pages from 1, and the
 * previous results stay on screen while the next search loads.
 */
export function searchedPagesOptions<P extends { hasMore: boolean }>(
  root: string,
  search: string,
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<P>,
) {
  return infiniteQueryOptions({
    queryKey: [root, "list", search],
    queryFn: ({ pageParam, signal }) => fetchPage({ searchParam: search, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    placeholderData: keepPreviousData,
  });
}

/**
 * Live updates of every loaded copy of a searchable list (one per search typed): a record is
 * placed by `compare`, and new ones only join lists no search filters (the server decides what
 * matches a search).
 */
export function searchedListsCache<K extends string, T extends Identified, P extends Page<K, T>>(
  root: string,
  key: K,
  compare: (a: T, b: T) => number,
  /** The query of one record (its edit form), kept in step with the lists when given. */
  recordKey?: (id: number) => readonly unknown[],
) {
  const allLists = [root, "list"] as const;
  const eachList = (queryClient: QueryClient, update: (data: InfiniteData<P>, search: string) => InfiniteData<P> | undefined) => {
    for (const [queryKey, data] of queryClient.getQueriesData<InfiniteData<P>>({ queryKey: allLists })) {
      if (data) queryClient.setQueryData<InfiniteData<P>>(queryKey, update(data, typeof queryKey[2] === "string" ? queryKey[2] : ""));
    }
  };
  const store = (queryClient: QueryClient, item: T) => {
    eachList(queryClient, (data, search) => upsertInPages(data, key, item, { compare, insert: search === "" }));
    if (recordKey) queryClient.setQueryData(recordKey(item.id), item);
  };
  return {
    /** The prefix of every copy, for invalidation. */
    allLists,
    eachList,
    store,
    /** The user's own change: stored, and the lists a search filters fetched again to show it. */
    storeOwn: (queryClient: QueryClient, item: T) => {
      store(queryClient, item);
      refetchSearchedLists(queryClient, allLists);
    },
    forget: (queryClient: QueryClient, id: number) => {
      eachList(queryClient, (data) => removeFromPages(data, key, id));
      if (recordKey) queryClient.removeQueries({ queryKey: recordKey(id), exact: true });
    },
    /** After a live change: the lists being fetched start again, see {@link refetchListsInFlight}. */
    refetchInFlight: (queryClient: QueryClient) => refetchListsInFlight(queryClient, allLists),
  };
}
