import type { CreateTagBody, Tag, TagUsage, UpdateTagBody } from "@atendo/contracts";
import { http } from "../../../lib/http";
import { resourceApi } from "../../../lib/resource-api";

/** GET/POST /tags, GET/PUT/DELETE /tags/:id (docs/decisions/0072). */
export const tagsApi = resourceApi<Tag, CreateTagBody, UpdateTagBody>("/tags");

/** GET /tags/:id/usage (admins): what deleting the tag takes it from. */
export function tagUsage(id: number, signal?: AbortSignal): Promise<TagUsage> {
  return http.get<TagUsage>(`/tags/${id}/usage`, { signal });
}
