import { queryOptions } from "@tanstack/react-query";
import { wholeListResource } from "../../../lib/whole-list-resource";
import { tagsApi, tagUsage } from "./tags.api";

/** Every tag, by name (GET /tags is small and unpaged), kept live by `tag` events (TagsBackground). */
export const tagsResource = wholeListResource("tags", tagsApi, (tag) => tag.name);

export const { listQueryOptions: tagsQueryOptions } = tagsResource;

/** How many tickets and contacts carry a tag, read when its delete confirmation opens. */
export function tagUsageQueryOptions(id: number) {
  return queryOptions({ queryKey: ["tags", "usage", id], queryFn: ({ signal }) => tagUsage(id, signal), staleTime: 0, gcTime: 0 });
}
