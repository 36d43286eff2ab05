import { infiniteQueryOptions } from "@tanstack/react-query";
import { listSchedules, type ScheduleFilters } from "./schedules.api";

/** Every schedules list's key starts with this: a change refetches them all. */
export const schedulesKey = ["schedules"] as const;

/** A filtered list of schedules, a page at a time. */
export function schedulesListQueryOptions(filters: ScheduleFilters) {
  return infiniteQueryOptions({
    queryKey: [...schedulesKey, filters],
    queryFn: ({ pageParam, signal }) => listSchedules(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}
