import { z } from "zod";
import { entityName, idList, timestamps, userRef } from "./common.js";
import { businessHoursFields } from "./destinations.js";
import { limits } from "./limits.js";
import { entityEvent } from "./entity-event.js";

/** The 18 colours of the queue form's colour menu (spec §9), upper-case hex as shown. */
export const queueColorPresets = [
  "#F44336",
  "#E91E63",
  "#9C27B0",
  "#673AB7",
  "#3F51B5",
  "#2196F3",
  "#03A9F4",
  "#00BCD4",
  "#009688",
  "#4CAF50",
  "#8BC34A",
  "#CDDC39",
  "#FFEB3B",
  "#FFC107",
  "#FF9800",
  "#FF5722",
  "#795548",
  "#607D8B",
] as const;

/** `#RRGGBB`, any case in, upper case out, so `#ff0000` and `#FF0000` are the same colour. */
export const queueColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "a colour like #RRGGBB")
  .transform((value) => value.toUpperCase());

/**
 * How a new pending ticket of the queue finds its attendant (issue 30): `manual` waits to be
 * accepted; `roundRobin` goes to the online member assigned longest ago; `leastBusy` to the online
 * member with the fewest open tickets. Automatic modes respect each user's `maxOpenTickets`.
 */
export const queueAssignmentModes = ["manual", "roundRobin", "leastBusy"] as const;
export type QueueAssignmentMode = (typeof queueAssignmentModes)[number];

/**
 * A queue's SLA targets (issue 30), in minutes, each optional (null: no target): the first answer
 * from the team, and the close. Counted within the queue's opening hours when it has them
 * (docs/decisions/0080).
 */
const slaMinutes = z.number().int().min(limits.slaMinutes.min).max(limits.slaMinutes.max).nullable();
export const queueSla = z.object({ firstResponseMinutes: slaMinutes, resolutionMinutes: slaMinutes });
export type QueueSla = z.infer<typeof queueSla>;
export const noQueueSla: QueueSla = { firstResponseMinutes: null, resolutionMinutes: null };

/** A queue with its member users (active ones), as every queue route answers. */
export const queue = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  /** Opening hours (null: always open) and what a customer reaching it out of hours is told. */
  businessHours: businessHoursFields.businessHours,
  outOfHoursMessage: z.string(),
  /** How its new pending tickets find an attendant (docs/decisions/0079). */
  assignment: z.enum(queueAssignmentModes),
  /** Automatic modes: a returning customer goes to their last attendant when online and under capacity. */
  returnToLastAttendant: z.boolean(),
  sla: queueSla,
  /** Whether its tickets may use the assistant (docs/decisions/0094; on by default). */
  assistantEnabled: z.boolean(),
  users: z.array(userRef),
  ...timestamps,
});
export type Queue = z.infer<typeof queue>;

const greetingMessage = z.string().trim().max(limits.queueGreetingMax);

/** The queue form's fields: POST fills in defaults, PUT changes only those given. */
const queueFields = {
  name: entityName,
  color: queueColor,
  greetingMessage,
  userIds: idList,
  ...businessHoursFields,
  assignment: z.enum(queueAssignmentModes),
  returnToLastAttendant: z.boolean(),
  sla: queueSla,
  assistantEnabled: z.boolean(),
};

/**
 * POST /queue (admins). Name unique regardless of case (409 `ERR_QUEUE_NAME_ALREADY_EXISTS`),
 * colour unique (409 `ERR_QUEUE_COLOR_ALREADY_EXISTS`); greeting optional (docs/decisions/0006);
 * `userIds` are the members, all active users (else 404 `ERR_NO_USER_FOUND`).
 */
export const createQueueBody = z.object({
  ...queueFields,
  greetingMessage: greetingMessage.default(""),
  userIds: idList.default([]),
  businessHours: businessHoursFields.businessHours.default(null),
  outOfHoursMessage: businessHoursFields.outOfHoursMessage.default(""),
  assignment: queueFields.assignment.default("manual"),
  returnToLastAttendant: queueFields.returnToLastAttendant.default(false),
  sla: queueSla.default(noQueueSla),
  assistantEnabled: queueFields.assistantEnabled.default(true),
});
export type CreateQueueBody = z.input<typeof createQueueBody>;

/** PUT /queue/{id} (admins): the fields given change; `userIds` replaces the members. */
export const updateQueueBody = z.object(queueFields).partial();
export type UpdateQueueBody = z.input<typeof updateQueueBody>;

/** `queue` socket event: to admins and to the queue's members (before and after the change). */
export const queueEvent = entityEvent("queue", queue);
export type QueueEvent = z.infer<typeof queueEvent>;
