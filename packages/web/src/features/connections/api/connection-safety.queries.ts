import { queryOptions } from "@tanstack/react-query";
import { listConnectionIncidents } from "./connection-safety.api";

/** The open alerts: the shell's banner and the connections page's markers, kept current by `connectionIncident` events. */
export const connectionIncidentsQueryOptions = queryOptions({
  queryKey: ["connection-incidents"] as const,
  queryFn: ({ signal }) => listConnectionIncidents(signal),
  meta: { silent: true },
});
