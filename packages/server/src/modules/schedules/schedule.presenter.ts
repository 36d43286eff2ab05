import type { Schedule } from "@atendo/contracts";
import { eq, getTableColumns, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts, schedules, users } from "../../db/schema/index.js";

export type ScheduleRow = typeof schedules.$inferSelect;

/** A schedule with its contact's and author's names, as lists and events show it. */
export const scheduleSelection = {
  ...getTableColumns(schedules),
  contactName: contacts.name,
  contactNumber: contacts.number,
  userName: users.name,
};
export type JoinedSchedule = ScheduleRow & { contactName: string; contactNumber: string; userName: string };

/** Schedules joined with their contact and author, where `where` holds. */
export function selectSchedules(db: Db, where: SQL | undefined) {
  return db
    .select(scheduleSelection)
    .from(schedules)
    .innerJoin(contacts, eq(contacts.id, schedules.contactId))
    .innerJoin(users, eq(users.id, schedules.userId))
    .where(where);
}

export function presentSchedule(row: JoinedSchedule): Schedule {
  return {
    id: row.id,
    contactId: row.contactId,
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
    whatsappId: row.connectionId,
    userId: row.userId,
    user: { id: row.userId, name: row.userName },
    body: row.body,
    media: row.mediaFileName && row.mediaType ? { fileName: row.mediaFileName, mediaType: row.mediaType, mimeType: row.mimeType ?? "application/octet-stream" } : null,
    signed: row.signed,
    sendAt: row.sendAt.toISOString(),
    recurrence:
      row.repeatEvery === null
        ? null
        : { every: row.repeatEvery as "day" | "week" | "month", interval: row.repeatInterval ?? 1, until: row.repeatUntil?.toISOString() ?? null },
    status: row.status,
    failure: row.failure,
    sentAt: row.sentAt?.toISOString() ?? null,
    ticketId: row.ticketId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One schedule as the API shows it; undefined when it is gone. */
export async function presentScheduleById(db: Db, id: number): Promise<Schedule | undefined> {
  const [row] = await selectSchedules(db, eq(schedules.id, id)).limit(1);
  return row && presentSchedule(row);
}
