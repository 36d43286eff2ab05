import { z } from "zod";
import { limits } from "./limits.js";
import { message } from "./messages.js";

/** A ticket messages can be forwarded to (spec §3 "Forward target"). */
export const forwardTarget = z.object({
  id: z.number(),
  contact: z.object({ name: z.string(), number: z.string(), profilePicUrl: z.string().nullable() }),
  whatsapp: z.object({ name: z.string() }),
});
export type ForwardTarget = z.infer<typeof forwardTarget>;

/**
 * GET /forwardmessage/tickets {searchParam}: the open tickets the caller may write in (own,
 * participated; admins all), newest activity first, at most `limits.pageSize`.
 */
export const forwardTargetsQuery = z.object({ searchParam: z.string().trim().max(limits.searchMaxChars).default("") });
export const forwardTargets = z.object({ tickets: z.array(forwardTarget) });
export type ForwardTargets = z.infer<typeof forwardTargets>;

/**
 * POST /forwardmessage/tickets: copies each message (in the order they were written, deleted ones
 * refused) into each target ticket, marked forwarded. At most `limits.forwardMaxTargets` targets.
 */
export const forwardMessagesBody = z.object({
  messageIds: z.array(z.number().int().positive()).min(1).max(limits.forwardMaxMessages),
  ticketIds: z.array(z.number().int().positive()).min(1).max(limits.forwardMaxTargets),
});
export type ForwardMessagesBody = z.input<typeof forwardMessagesBody>;
export const forwardResult = z.object({ messages: z.array(message) });
export type ForwardResult = z.infer<typeof forwardResult>;
