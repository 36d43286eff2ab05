import { http } from "./http";
import type { PageQuery } from "./paged-cache";

/**
 * The REST calls of one resource under `path` (spec §7): the list at `GET path` (whole, or one
 * page of a searchable list answering `Page`), and one record at `GET|PUT|DELETE path/:id`, created
 * by `POST path`. Features name these after themselves (`listQueues = queuesApi.list`).
 */
export function resourceApi<T, Create, Update, Page = never>(path: string) {
  return {
    /** The whole list (small, unpaged resources). */
    list: (signal?: AbortSignal): Promise<T[]> => http.get<T[]>(path, { signal }),
    /** One page of a searchable list. */
    page: (query: PageQuery, signal?: AbortSignal): Promise<Page> => http.get<Page>(path, { query: { ...query }, signal }),
    get: (id: number, signal?: AbortSignal): Promise<T> => http.get<T>(`${path}/${id}`, { signal }),
    create: (body: Create): Promise<T> => http.post<T>(path, body),
    update: (id: number, body: Update): Promise<T> => http.put<T>(`${path}/${id}`, body),
    remove: (id: number): Promise<void> => http.delete<void>(`${path}/${id}`),
  };
}
