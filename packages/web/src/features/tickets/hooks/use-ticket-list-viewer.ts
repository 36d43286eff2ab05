import { useMemo } from "react";
import { useCurrentUser } from "../../../lib/session";
import { displayTimeZone } from "../../../lib/time-zone";
import type { ListViewer } from "./ticket-list-cache";

/** The signed-in user as the list rules see them; null while signed out. */
export function useTicketListViewer(): ListViewer | null {
  const user = useCurrentUser();
  return useMemo(
    () => (user ? { id: user.id, profile: user.profile, queueIds: user.queues.map((queue) => queue.id), timeZone: displayTimeZone() } : null),
    [user],
  );
}
