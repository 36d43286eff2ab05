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
