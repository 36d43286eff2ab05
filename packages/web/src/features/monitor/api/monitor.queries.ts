import { queryOptions } from "@tanstack/react-query";
import { fetchMonitor } from "./monitor.api";

/** The monitor's figures; never stale by age: events and `nextChangeAt` say when to read them again. */
export function monitorQueryOptions() {
  return queryOptions({
    queryKey: ["monitor"],
    queryFn: ({ signal }) => fetchMonitor(signal),
    staleTime: Infinity,
    meta: { silent: true }, // the page shows the error itself
  });
}
