import type { CreateScheduleBody, Schedule } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { schedules } from "../db/schema/index.js";
import type { TestServer } from "./harness.js";

/** A time a year ahead, as an ISO moment: always in the future, always within the accepted years. */
export function later(minutes = 0): string {
  return new Date(Date.now() + 365 * 86_400_000 + minutes * 60_000).toISOString();
}

export async function postSchedule(server: TestServer, token: string, input: Partial<CreateScheduleBody> & Pick<CreateScheduleBody, "contactId">): Promise<Schedule> {
  const response = await server.request({ method: "POST", url: "/api/schedules", token, payload: { body: "See you tomorrow", sendAt: later(), ...input } });
  if (response.statusCode !== 201) throw new Error(`POST /api/schedules failed: ${response.body}`);
  return response.json() as Schedule;
}

/** Makes a schedule due now (its series too): written straight to the database, as the clock passing would. */
export async function makeDue(server: TestServer, id: number, at = new Date(Date.now() - 1000)): Promise<void> {
  await server.ctx.db.update(schedules).set({ sendAt: at, anchorAt: at }).where(eq(schedules.id, id));
}

export async function scheduleRow(server: TestServer, id: number) {
  const [row] = await server.ctx.db.select().from(schedules).where(eq(schedules.id, id));
  return row;
}
