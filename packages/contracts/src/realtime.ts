import { z } from "zod";

/** Ticket statuses a client may subscribe to with `joinTickets`. */
export const ticketStatuses = ["pending", "open", "closed"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** Messages a client sends (spec §7, real time). */
export const clientEvents = {
  joinNotification: z.undefined().or(z.null()),
  joinTickets: z.enum(ticketStatuses),
  joinChatBox: z.coerce.number().int().positive(),
} as const;

/** Events the server emits (spec §7); payloads carry an `action`. */
export const serverEventNames = [
  "user",
  "ticket",
  "appMessage",
  "contact",
  "settings",
  "chat",
  "appChatMessage",
  "whatsapp",
  "whatsappSession",
  "quickAnswer",
  "queue",
  "ContactsImports",
] as const;
export type ServerEventName = (typeof serverEventNames)[number];

export const settingsEvent = z.object({
  action: z.literal("update"),
  setting: z.object({ key: z.string(), value: z.string() }),
});
export type SettingsEvent = z.infer<typeof settingsEvent>;

export const entityActions = ["create", "update", "delete"] as const;
export type EntityAction = (typeof entityActions)[number];

/**
 * Payload of a live event about one record (`user`, `queue`, `quickAnswer`, `contact`):
 * `{ action: "create" | "update", <name>: record }` or `{ action: "delete", <name>Id: id }`.
 * Clients upsert by id on create/update and remove by id on delete.
 */
export function entityEvent<const Name extends string, Entity extends z.ZodType>(name: Name, entity: Entity) {
  const upsert = { action: z.enum(["create", "update"]), [name]: entity } as {
    action: z.ZodEnum<{ create: "create"; update: "update" }>;
  } & { [K in Name]: Entity };
  const removal = { action: z.literal("delete"), [`${name}Id`]: z.number() } as {
    action: z.ZodLiteral<"delete">;
  } & { [K in `${Name}Id`]: z.ZodNumber };
  return z.discriminatedUnion("action", [z.object(upsert), z.object(removal)]);
}
