import type { CreateScheduleBody, UpdateScheduleBody } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { useServerEvent } from "../../../lib/socket";
import { createSchedule, deleteSchedule, updateSchedule } from "../api/schedules.api";
import { schedulesKey } from "../api/schedules.queries";

/** After a change every list of schedules is read again (they are few, and ordered by the server). */
const refetchLists = (queryClient: ReturnType<typeof useQueryClient>) => void queryClient.invalidateQueries({ queryKey: schedulesKey });

/** What the dialog saves: the fields, and a file to attach (or to replace the saved one). */
export interface ScheduleSave {
  body: CreateScheduleBody | UpdateScheduleBody;
  media: File | null;
}

export function useSaveSchedule(id: number | null) {
  return useCacheMutation(
    ({ body, media }: ScheduleSave) => (id === null ? createSchedule(body as CreateScheduleBody, media) : updateSchedule(id, body as UpdateScheduleBody, media)),
    refetchLists,
  );
}

export function useDeleteSchedule() {
  return useCacheMutation(deleteSchedule, refetchLists);
}

/** `schedule` events (the author's and, for admins, everyone's): sent, failed, changed elsewhere. */
export function useSchedulesLive(): void {
  const queryClient = useQueryClient();
  useServerEvent("schedule", () => refetchLists(queryClient));
}
