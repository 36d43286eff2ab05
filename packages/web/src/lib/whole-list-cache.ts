import type { QueryClient } from "@tanstack/react-query";

/**
 * An unpaged list the server sends whole (queues, connections), cached under `listKey` in
 * `compare` order, with each record's own query under `recordKey`: live changes by id.
 */
export function wholeListCache<T extends { id: number }>(
  listKey: readonly unknown[],
  recordKey: (id: number) => readonly unknown[],
  compare: (a: T, b: T) => number,
) {
  return {
    /** Puts `item` in its place; `adjustOthers` updates the rest when one change moves a flag among them. */
    store(queryClient: QueryClient, item: T, adjustOthers: (others: T[]) => T[] = (others) => others): void {
      queryClient.setQueryData<T[]>(listKey, (current) =>
        current ? [...adjustOthers(current.filter((other) => other.id !== item.id)), item].sort(compare) : current,
      );
      queryClient.setQueryData(recordKey(item.id), item);
    },
    forget(queryClient: QueryClient, id: number): void {
      queryClient.setQueryData<T[]>(listKey, (current) => current?.filter((item) => item.id !== id));
      queryClient.removeQueries({ queryKey: recordKey(id), exact: true });
    },
  };
}
