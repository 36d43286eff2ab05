import type { Queue } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useServerEvent } from "../../../lib/socket";
import { queuesEntity } from "../api/queues.queries";

const none: readonly number[] = [];

/** Queues no active user belongs to: nobody but an admin could ever see who waits there (docs/decisions/0069). */
export function unstaffedQueueIdsOf(queues: readonly Pick<Queue, "id" | "users">[]): number[] {
  return queues.filter((queue) => queue.users.length === 0).map((queue) => queue.id);
}

/**
 * The ids of the queues nobody belongs to, kept current while mounted (`enabled`: an admin's
 * app; for anyone else none, and nothing is fetched): `queue` events carry a queue's members, a
 * `user` event may change them (queues edited on the user's form, a user removed), so the list
 * is fetched again after one.
 */
export function useUnstaffedQueueIds(enabled: boolean): readonly number[] {
  const queryClient = useQueryClient();
  const queues = queuesEntity.resource.useList({ enabled, silent: true });
  queuesEntity.useLive();
  useServerEvent("user", () => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: queuesEntity.resource.listQueryOptions().queryKey, exact: true });
  });
  const data = enabled ? queues.data : undefined;
  return useMemo(() => (data ? unstaffedQueueIdsOf(data) : none), [data]);
}
