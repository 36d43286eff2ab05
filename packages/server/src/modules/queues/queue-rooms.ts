import type { Db } from "../../db/client.js";
import { rooms, type Realtime } from "../../realtime/realtime.js";
import { queueIdsOfUser } from "./memberships.repo.js";

/** Rooms a socket joins at connection: one per queue of its user (passed to createRealtime). */
export async function queueRoomsOf(db: Db, userId: number): Promise<string[]> {
  return (await queueIdsOfUser(db, userId)).map(rooms.queue);
}

/** After a committed membership change, moves the user's live sockets to match. */
export function moveQueueRooms(realtime: Realtime, userId: number, before: readonly number[], after: readonly number[]): void {
  const join = after.filter((id) => !before.includes(id)).map(rooms.queue);
  const leave = before.filter((id) => !after.includes(id)).map(rooms.queue);
  realtime.updateUserRooms(userId, { join, leave });
}
