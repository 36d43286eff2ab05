import { z } from "zod";
import { looseId, timestamps } from "./common.js";
import { destination, destinationKinds } from "./destinations.js";
import { entityEvent } from "./entity-event.js";
import { limits } from "./limits.js";

/** A text sent to the customer before the conversation goes on to its destination (spec §3). */
export const announcement = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  destination,
  ...timestamps,
});
export type Announcement = z.infer<typeof announcement>;

/**
 * POST /announcements (admins): name (unique regardless of case, 409
 * ERR_ANNOUNCEMENT_NAME_EXISTS), description (the text sent), destinationType and
 * destinationItem all required (spec §5); the destination must exist (404
 * ERR_NO_DESTINATION_FOUND) and may not close a loop with no menu in it (400 ERR_DESTINATION_LOOP).
 */
export const createAnnouncementBody = z.object({
  name: z.string().trim().min(1).max(limits.name.max),
  description: z.string().trim().min(1).max(limits.announcementMax),
  destinationType: z.enum(destinationKinds),
  destinationItem: looseId,
});
export type CreateAnnouncementBody = z.input<typeof createAnnouncementBody>;

/** PUT /announcements/{id} (admins): the whole form again. */
export const updateAnnouncementBody = createAnnouncementBody;
export type UpdateAnnouncementBody = z.input<typeof updateAnnouncementBody>;

/** `announcement` socket event (admins), beyond the spec's list. */
export const announcementEvent = entityEvent("announcement", announcement);
export type AnnouncementEvent = z.infer<typeof announcementEvent>;
