import type { Announcement } from "@atendo/contracts";
import type { announcements } from "../../db/schema/index.js";

export type AnnouncementRow = typeof announcements.$inferSelect;

export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    destination: { destinationType: row.destinationType, destinationTypeId: row.destinationId },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

