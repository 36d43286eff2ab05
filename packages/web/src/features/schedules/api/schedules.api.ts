import type { CreateScheduleBody, Schedule, SchedulePage, ScheduleStatus, UpdateScheduleBody } from "@atendo/contracts";
import { http } from "../../../lib/http";
import { resourceApi } from "../../../lib/resource-api";

const schedulesApi = resourceApi<Schedule, CreateScheduleBody, UpdateScheduleBody, SchedulePage>("/schedules");

export const { remove: deleteSchedule } = schedulesApi;

/** The fields as `data` (JSON) and the file as `media`: the multipart form POST and PUT /schedules take. */
function scheduleForm(body: CreateScheduleBody | UpdateScheduleBody, media: File): FormData {
  const form = new FormData();
  form.append("data", JSON.stringify(body));
  form.append("media", media);
  return form;
}

/** POST /schedules: JSON, or multipart with a file to send with it. */
export function createSchedule(body: CreateScheduleBody, media: File | null = null): Promise<Schedule> {
  return media ? http.post<Schedule>("/schedules", scheduleForm(body, media)) : schedulesApi.create(body);
}

/** PUT /schedules/:id: JSON (`media: null` removes its file), or multipart with a file replacing it. */
export function updateSchedule(id: number, body: UpdateScheduleBody, media: File | null = null): Promise<Schedule> {
  return media ? http.put<Schedule>(`/schedules/${id}`, scheduleForm(body, media)) : schedulesApi.update(id, body);
}

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
