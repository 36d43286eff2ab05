import { useLiveCache } from "../../../lib/use-live-cache";
import { announcementsResource } from "../api/announcements.queries";

export const {
  useList: useAnnouncements,
  useEditing: useEditedAnnouncement,
  useSave: useSaveAnnouncement,
  useDelete: useDeleteAnnouncement,
} = announcementsResource;

/** Applies `announcement` socket events (other admins' changes) to the cached list. */
export function useAnnouncementsLive(): void {
  useLiveCache("announcement", announcementsResource.cache);
}
