import type { CreateScheduleBody, Schedule, SchedulePage, ScheduleStatus, UpdateScheduleBody } from "@atendo/contracts";
import { http } from "../../../lib/http";
import { resourceApi } from "../../../lib/resource-api";

const schedulesApi = resourceApi<Schedule, CreateScheduleBody, UpdateScheduleBody, SchedulePage>("/schedules");

export const { create: createSchedule, update: updateSchedule, remove: deleteSchedule } = schedulesApi;

/** The filters of GET /schedules. */
export interface ScheduleFilters {
  contactId?: number;
  status?: ScheduleStatus;
  mine?: boolean;
}

/** One page of GET /schedules (pending first, soonest first). */
export function listSchedules(filters: ScheduleFilters, pageNumber: number, signal?: AbortSignal): Promise<SchedulePage> {
  const query: Record<string, string | number> = { pageNumber };
  if (filters.contactId !== undefined) query.contactId = filters.contactId;
  if (filters.status) query.status = filters.status;
  if (filters.mine) query.mine = "true";
  return http.get<SchedulePage>("/schedules", { query, signal });
}
