import type { Announcement, CreateAnnouncementBody, UpdateAnnouncementBody } from "@atendo/contracts";
import { resourceApi } from "../../../lib/resource-api";
import { wholeListResource } from "../../../lib/whole-list-resource";

/** Every announcement, by name (GET /announcements is small and unpaged), each one, and their mutations. */
export const announcementsResource = wholeListResource(
  "announcements",
  resourceApi<Announcement, CreateAnnouncementBody, UpdateAnnouncementBody>("/announcements"),
  (announcement) => announcement.name,
);
