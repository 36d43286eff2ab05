import type { Announcement, CreateAnnouncementBody, UpdateAnnouncementBody } from "@atendo/contracts";
import { adminEntity } from "../../../lib/admin-entity";
import { resourceApi } from "../../../lib/resource-api";

/** Every announcement, by name (GET /announcements is small and unpaged), on /announcements and its form, kept live by `announcement` events. */
export const announcementsEntity = adminEntity("announcements", resourceApi<Announcement, CreateAnnouncementBody, UpdateAnnouncementBody>("/announcements"), {
  live: "announcement",
  title: "pages.announcements",
});
