import { can } from "@atendo/contracts";
import { eq, type SQL } from "drizzle-orm";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import { schedules } from "../../db/schema/index.js";

/**
 * Who sees and changes scheduled messages (docs/decisions/0084): an attendant their own, an
 * admin or supervisor everyone's (schedules:manageAll, decision 0099). Anyone else's is not found (404), as if it did not exist, never a 403 that
 * would confirm it does. Writing one for a contact is open to every signed-in user, as starting
 * a conversation with any contact is (decision 0009); the connection is one the author may start
 * conversations on (decision 0041).
 */
export function visibleSchedules(actor: Actor): SQL | undefined {
  return can(actor.profile, "schedules:manageAll") ? undefined : eq(schedules.userId, actor.id);
}

export function assertCanSeeSchedule(actor: Actor, schedule: { userId: number }): void {
  if (!can(actor.profile, "schedules:manageAll") && schedule.userId !== actor.id) throw new AppError("ERR_NO_SCHEDULE_FOUND");
}
