import { z } from "zod";
import { looseId, namedRef, positiveId } from "./common.js";

/**
 * Where a conversation goes next (spec §3, destination types): a user (open, assigned), a queue
 * (pending, greeted), a URA menu, an announcement, a monitoring, or a bot (docs/decisions/0092). A connection starts new
 * tickets at one; each URA item and each announcement leads to one (docs/decisions/0036).
 */
export const destinationKinds = ["users", "queue", "announcements", "uras", "monitorings", "bots"] as const;
export type DestinationKind = (typeof destinationKinds)[number];

/** A destination as entities show it: the kind and the id of the user, queue, menu, … */
export const destination = z.object({
  destinationType: z.enum(destinationKinds),
  destinationTypeId: z.number(),
});
export type Destination = z.infer<typeof destination>;

/** A destination in a request body: the id may come as a form value (`"2"`). */
export const destinationInput = z.object({
  destinationType: z.enum(destinationKinds),
  destinationTypeId: looseId,
});

/** GET /destinationtype: the six kinds (every one is routed). */
export const destinationType = z.object({ id: z.enum(destinationKinds), name: z.enum(destinationKinds), available: z.boolean() });
export type DestinationType = z.infer<typeof destinationType>;

/** GET /destinationtype/{type}/items: the choices for a form's destination item. */
export const destinationTypeParam = z.object({ type: z.enum(destinationKinds) });
export const destinationItem = namedRef;
export type DestinationItem = z.infer<typeof destinationItem>;

/**
 * The destinations a conversation passes through on its way to a person or a queue: a menu (it
 * waits there for the customer's answer), an announcement (said and passed), a monitoring (it hands
 * the conversation to its owner), a bot (it waits there while the bot talks, docs/decisions/0092).
 * Deleting one moves on whatever waits in it (docs/decisions/0037);
 * a stage kind added later joins this list and gets that, its count and the delete dialog's line.
 */
export const stageKinds = ["uras", "announcements", "monitorings", "bots"] as const satisfies readonly DestinationKind[];
export type StageKind = (typeof stageKinds)[number];

/** GET /stages/{kind}/{id}/waiting. */
export const stageParams = z.object({ kind: z.enum(stageKinds), id: positiveId });

/** How many conversations wait in a stage now: what deleting it would move on (its delete confirmation says so). */
export const stageWaiting = z.object({ count: z.number().int().nonnegative() });
export type StageWaiting = z.infer<typeof stageWaiting>;

/** `HH:MM`, 00:00–23:59; `24:00` also ends a day. */
export const clockTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, "a time like 08:30");

/** One opening interval of a day, start before end (same day). */
export const openingInterval = z
  .object({ start: clockTime, end: clockTime })
  .refine((range) => range.start < range.end, { message: "start before end", path: ["end"] });
export type OpeningInterval = z.infer<typeof openingInterval>;

/**
 * Weekly opening hours (beyond the spec, docs/decisions/0036): seven days, Sunday first (index 0
 * = Sunday, as `Date.getDay`), each with up to three intervals in the install's time zone
 * (`TIME_ZONE`); a day with none is closed. `null` on a queue or connection: always open.
 */
export const weeklyHours = z.array(z.array(openingInterval).max(3)).length(7);
export type WeeklyHours = z.infer<typeof weeklyHours>;

/** The business-hours fields a queue and a connection share. */
export const businessHoursFields = {
  businessHours: weeklyHours.nullable(),
  /** Sent (as `chat-automatic`) when a conversation arrives out of hours; empty: nothing sent. */
  outOfHoursMessage: z.string().trim().max(30000),
};
