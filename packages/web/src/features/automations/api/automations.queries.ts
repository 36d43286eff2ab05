import { queryOptions } from "@tanstack/react-query";
import { automationsApi, listAutomationRuns } from "./automations.api";

/** Every rule, in the order they run (GET /automations is small and unpaged). */
export function automationsQueryOptions() {
  return queryOptions({ queryKey: ["automations", "list"] as const, queryFn: ({ signal }) => automationsApi.list(signal) });
}

export function automationQueryOptions(id: number) {
  return queryOptions({ queryKey: ["automations", "one", id] as const, queryFn: ({ signal }) => automationsApi.get(id, signal) });
}

/** A rule's last 100 runs, newest first; read again while its log is open. */
export function automationRunsQueryOptions(id: number) {
  return queryOptions({ queryKey: ["automations", "runs", id] as const, queryFn: ({ signal }) => listAutomationRuns(id, signal), refetchInterval: 5_000 });
}

export const automationsKey = ["automations"] as const;
