import { useQuery, type QueryClient, type UseMutationResult, type UseQueryResult } from "@tanstack/react-query";
import { useCacheMutation } from "./cache-mutation";
import { byText } from "./paged-cache";
import { forEditForm } from "./query-presets";
import type { resourceApi } from "./resource-api";
import { wholeListQueries } from "./resource-queries";
import type { LiveCache } from "./use-live-cache";
import { wholeListCache } from "./whole-list-cache";

/** The calls of a resource a whole list needs (`resourceApi`). */
export type WholeListApi<T, Create, Update> = Pick<ReturnType<typeof resourceApi<T, Create, Update>>, "list" | "get" | "create" | "update" | "remove">;

/** What a delete mutation shows itself: a record other ones still route to (the delete dialog lists them). */
export const deleteMutationMeta = { handledCodes: ["ERR_DESTINATION_IN_USE"] } as const;

/**
 * The queries and hooks of a small admin resource the server sends whole (queues, menus,
 * announcements, monitorings, connections): the list by `sortKey`, each record fresh for its
 * form, and save/delete that put the answer in the cache at once. `cache` is what the kind's
 * live events are applied with (lib/admin-entity).
 */
export function wholeListResource<const Root extends string, T extends { id: number }, Create, Update>(
  root: Root,
  api: WholeListApi<T, Create, Update>,
  sortKey: (record: T) => string,
  /** What a stored record changes in the others (the default connection's flag moves). */
  adjustOthers?: (record: T, others: T[]) => T[],
) {
  const queries = wholeListQueries(root, api);
  const list = wholeListCache<T>(queries.listKey, queries.recordKey, byText<T>(sortKey));
  const store = (queryClient: QueryClient, record: T) => list.store(queryClient, record, adjustOthers && ((others) => adjustOthers(record, others)));
  const cache = { store, forget: list.forget };
  return {
    ...queries,
    cache,
    /** The whole list; `silent` when the page shows the error itself; not fetched unless `enabled`. */
    useList(options: { silent?: boolean; enabled?: boolean } = {}) {
      return useQuery({ ...queries.listQueryOptions(), enabled: options.enabled, meta: { silent: options.silent } });
    },
    /** Creates (no id) or updates the record `id`. */
    useSave(id: number | undefined) {
      return useCacheMutation((body: Create & Update) => (id === undefined ? api.create(body) : api.update(id, body)), store);
    },
    /**
     * What a form page at /x/new or /x/edit/:id edits: nothing to wait for on /new; on /edit the
     * fresh copy (the form reads its defaults once), whose error the page shows.
     */
    useEditing(id: number | undefined) {
      const query = useQuery({ ...queries.recordQueryOptions(id ?? 0), ...forEditForm, enabled: id !== undefined });
      if (id === undefined) return { record: undefined, ready: true, queries: [] };
      return { record: query.data, ready: query.isFetchedAfterMount && query.data !== undefined, queries: [query] };
    },
    useDelete() {
      return useCacheMutation(api.remove, (queryClient, _result, id) => cache.forget(queryClient, id), deleteMutationMeta);
    },
  };
}

/**
 * What the admin screens use of a {@link wholeListResource}: its hooks and its cache, whatever its
 * query keys; `Body` is what a save sends (create and update alike).
 */
export interface WholeListResource<T extends { id: number }, Body> {
  cache: LiveCache<T>;
  useList(options?: { silent?: boolean; enabled?: boolean }): UseQueryResult<T[]>;
  useEditing(id: number | undefined): { record: T | undefined; ready: boolean; queries: readonly { error: unknown; refetch: () => Promise<unknown> }[] };
  useSave(id: number | undefined): UseMutationResult<T, Error, Body>;
  useDelete(): UseMutationResult<void, Error, number>;
}
