import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "./cache-mutation";
import { byText } from "./paged-cache";
import { forEditForm } from "./query-presets";
import type { resourceApi } from "./resource-api";
import { wholeListQueries } from "./resource-queries";
import { wholeListCache } from "./whole-list-cache";

type Api<T, Create, Update> = Pick<ReturnType<typeof resourceApi<T, Create, Update>>, "list" | "get" | "create" | "update" | "remove">;

/** What a delete mutation shows itself: a record other ones still route to (the delete dialog lists them). */
export const deleteMutationMeta = { handledCodes: ["ERR_DESTINATION_IN_USE"] } as const;

/**
 * The queries and hooks of a small admin resource the server sends whole (queues, menus,
 * announcements, monitorings): the list by `sortKey`, each record fresh for its form, and
 * create/update/delete that put the answer in the cache at once. `cache` is what the feature's
 * live hook hands to `useLiveCache`.
 */
export function wholeListResource<const Root extends string, T extends { id: number }, Create, Update>(
  root: Root,
  api: Api<T, Create, Update>,
  sortKey: (record: T) => string,
) {
  const queries = wholeListQueries(root, api);
  const cache = wholeListCache<T>(queries.listKey, queries.recordKey, byText<T>(sortKey));
  const store = (queryClient: QueryClient, record: T) => cache.store(queryClient, record);
  return {
    ...queries,
    cache,
    /** The whole list; `silent` when the page shows the error itself. */
    useList(options: { silent?: boolean } = {}) {
      return useQuery({ ...queries.listQueryOptions(), meta: { silent: options.silent } });
    },
    /** One record, fetched again for its edit form (the form reads its defaults once). */
    useRecord(id: number) {
      return useQuery({ ...queries.recordQueryOptions(id), ...forEditForm });
    },
    useCreate() {
      return useCacheMutation(api.create, (queryClient, record) => store(queryClient, record));
    },
    useUpdate(id: number) {
      return useCacheMutation((body: Update) => api.update(id, body), (queryClient, record) => store(queryClient, record));
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
