import { queryOptions } from "@tanstack/react-query";

type Fetch<T, A extends unknown[]> = (...args: [...A, AbortSignal]) => Promise<T>;

/** The query of one record (its page or edit form) under `[root, id]`. */
export function recordQueries<const Root extends string, T>(root: Root, get: Fetch<T, [id: number]>) {
  const recordKey = (id: number) => [root, id] as const;
  return {
    recordKey,
    recordQueryOptions: (id: number) => queryOptions({ queryKey: recordKey(id), queryFn: ({ signal }) => get(id, signal) }),
  };
}

/**
 * A small list the server sends whole (queues, connections) under `[root]`, and each of its
 * records under `[root, id]`, where live events and the forms keep them in step.
 */
export function wholeListQueries<const Root extends string, T>(root: Root, api: { list: Fetch<T[], []>; get: Fetch<T, [id: number]> }) {
  const listKey = [root] as const;
  return {
    listKey,
    listQueryOptions: () => queryOptions({ queryKey: listKey, queryFn: ({ signal }) => api.list(signal) }),
    ...recordQueries(root, api.get),
  };
}
