import { useLiveCache } from "../../../lib/use-live-cache";
import { monitoringsResource } from "../api/monitorings.queries";

export const {
  useList: useMonitorings,
  useEditing: useEditedMonitoring,
  useSave: useSaveMonitoring,
  useDelete: useDeleteMonitoring,
} = monitoringsResource;

/** Applies `monitoring` socket events (other admins' changes) to the cached list. */
export function useMonitoringsLive(): void {
  useLiveCache("monitoring", monitoringsResource.cache);
}
