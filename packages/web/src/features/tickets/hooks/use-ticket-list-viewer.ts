import { can } from "@atendo/contracts";
import { useMemo } from "react";
import { useCurrentUser } from "../../../lib/session";
import { displayTimeZone } from "../../../lib/time-zone";
import { useUnstaffedQueueIds } from "../../queues";
import type { ListViewer } from "./ticket-list-cache";

/**
 * The signed-in user as the list rules see them; null while signed out. An admin's work also
 * holds the customers waiting in queues nobody belongs to (docs/decisions/0069), so their app
 * keeps those queues' ids.
 */
export function useTicketListViewer(): ListViewer | null {
  const user = useCurrentUser();
  const unstaffedQueueIds = useUnstaffedQueueIds(can(user?.profile, "tickets:adoptUnstaffed"));
  return useMemo(
    () =>
      user
        ? { id: user.id, profile: user.profile, queueIds: user.queues.map((queue) => queue.id), unstaffedQueueIds, timeZone: displayTimeZone() }
        : null,
    [user, unstaffedQueueIds],
  );
}
