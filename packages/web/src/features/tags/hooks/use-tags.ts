import type { Tag } from "@atendo/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useServerEvent } from "../../../lib/socket";
import { useLiveCache } from "../../../lib/use-live-cache";
import { tagsQueryOptions, tagsResource } from "../api/tags.queries";

/** Every tag, by name, for chips' pickers and filters (silent: a failure shows where it is used). */
export function useTags() {
  return useQuery({ ...tagsQueryOptions(), meta: { silent: true } });
}

/** The tags of `ids`, in the list's order (ids no longer known are left out). */
export function tagsOf(all: readonly Tag[] | undefined, ids: readonly number[]): Tag[] {
  return (all ?? []).filter((tag) => ids.includes(tag.id));
}

/**
 * `tag` events while signed in: the list follows them, and a renamed, recoloured or deleted tag
 * is fetched again with the tickets and contacts that may carry it (the server does not announce
 * each of them again, docs/decisions/0072).
 */
export function useTagsLive(): void {
  const queryClient = useQueryClient();
  useLiveCache("tag", tagsResource.cache);
  useServerEvent("tag", (event) => {
    if (event.action === "create") return;
    void queryClient.invalidateQueries({ queryKey: ["tickets"] });
    void queryClient.invalidateQueries({ queryKey: ["contacts"] });
  });
}
