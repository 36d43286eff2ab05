import { useLiveCache } from "../../../lib/use-live-cache";
import { urasResource } from "../api/uras.queries";

export const { useList: useUras, useEditing: useEditedUra, useSave: useSaveUra, useDelete: useDeleteUra } = urasResource;

/** Applies `ura` socket events (other admins' changes) to the cached menus. */
export function useUrasLive(): void {
  useLiveCache("ura", urasResource.cache);
}
