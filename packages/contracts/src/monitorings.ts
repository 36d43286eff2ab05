import { z } from "zod";
import { looseId, timestamps, userRef } from "./common.js";
import { entityEvent } from "./entity-event.js";
import { limits } from "./limits.js";
import { queueRef } from "./users.js";

/**
 * What a monitoring does with a conversation routed to it (spec §3): `open` puts it in attendance
 * with the owner; `closed` records it and closes it at once (numbers that only send alerts).
 */
export const monitoringStatuses = ["open", "closed"] as const;
export type MonitoringStatus = (typeof monitoringStatuses)[number];

export const monitoring = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(monitoringStatuses),
  userId: z.number(),
  user: userRef,
  queueId: z.number().nullable(),
  queue: queueRef.nullable(),
  ...timestamps,
});
export type Monitoring = z.infer<typeof monitoring>;

/** `""` and null: no queue (spec §5: empty sent as null). */
const optionalQueueId = z.union([z.literal(""), z.null(), looseId]).transform((value) => (value === "" ? null : value));

/**
 * POST /monitorings (admins): name (≤ 50, unique regardless of case, 409
 * ERR_MONITORING_NAME_EXISTS), status, owner `userId` (an active user, 404 ERR_NO_USER_FOUND),
 * optional `queueId` (404 ERR_QUEUE_NOT_FOUND). The form also sends the chosen `user` and
 * `queue` objects; they are ignored.
 */
export const createMonitoringBody = z.object({
  name: z.string().trim().min(1).max(limits.monitoringNameMax),
  status: z.enum(monitoringStatuses),
  userId: looseId,
  queueId: optionalQueueId.default(null),
});
export type CreateMonitoringBody = z.input<typeof createMonitoringBody>;

/** PUT /monitorings/{id} (admins): the whole form again. */
export const updateMonitoringBody = createMonitoringBody;
export type UpdateMonitoringBody = z.input<typeof updateMonitoringBody>;

/** `monitoring` socket event (admins), beyond the spec's list. */
export const monitoringEvent = entityEvent("monitoring", monitoring);
export type MonitoringEvent = z.infer<typeof monitoringEvent>;
