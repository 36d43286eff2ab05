import { stageKinds, type StageKind, type StageWaiting } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { http } from "./http";

/** The admin record kinds conversations pass through (menus, announcements, monitorings): their delete says what waits in them. */
export function stageKindOf(kind: string): StageKind | undefined {
  return stageKinds.find((stage) => stage === kind);
}

/**
 * How many conversations wait in stage `id` now, read fresh each time its delete confirmation
 * opens (null: closed); 0 when the count cannot be had, which the delete then says nothing about.
 */
export function useStageWaiting(kind: StageKind | undefined, id: number | null) {
  const enabled = kind !== undefined && id !== null;
  const query = useQuery({
    queryKey: ["stages", kind, id, "waiting"],
    queryFn: ({ signal }) => http.get<StageWaiting>(`/stages/${kind}/${id}/waiting`, { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
  return { count: query.data?.count ?? 0, isPending: enabled && query.isPending };
}
