import { z } from "zod";
import { failsWith, type ErrorCode } from "./errors.js";
import { limits } from "./limits.js";

/**
 * POST /tickets/bulk (issue 29, docs/decisions/0077): one action on up to `limits.ticketBulkMax`
 * tickets of the list's selection. Each ticket is checked and moved as PUT /tickets/{id} (or PUT
 * /tickets/{id}/tags) would, and answers on its own: `done`, or `refused` with the code that call
 * would give — ERR_NO_TICKET_FOUND for a ticket the caller may not see, whether or not it exists.
 */
export const ticketBulkActions = ["accept", "transfer", "close", "reopen", "tag", "untag"] as const;
export type TicketBulkAction = (typeof ticketBulkActions)[number];

const ticketIds = z
  .array(z.number().int().positive())
  .min(1)
  .max(limits.ticketBulkMax)
  .refine((ids) => new Set(ids).size === ids.length, failsWith("ERR_MISSING_VALUES", "each ticket once"));

const id = z.number().int().positive();

/** Labels put on (`tag`) or taken off (`untag`) every ticket; the others it carries stay. */
const tagIds = z
  .array(id)
  .min(1)
  .max(limits.tagsPerRecordMax)
  .transform((ids) => [...new Set(ids)]);

export const ticketBulkBody = z.discriminatedUnion("action", [
  /** Take the pending tickets for oneself (a closed one is not reopened by it). */
  z.object({ action: z.literal("accept"), ticketIds }),
  /**
   * The single transfer's fields: `userId` (open for them, in `queueId` or the ticket's queue),
   * `queueId` alone (waiting there, nobody's), `whatsappId` (admins: another connection) alone or
   * with either.
   */
  z
    .object({ action: z.literal("transfer"), ticketIds, userId: id.optional(), queueId: id.optional(), whatsappId: id.optional() })
    .refine((body) => body.userId !== undefined || body.queueId !== undefined || body.whatsappId !== undefined, failsWith("ERR_MISSING_VALUES", "a user, a queue or a connection")),
  z.object({ action: z.literal("close"), ticketIds, sendFarewellMessage: z.boolean().optional() }),
  /** Open again for oneself (only closed tickets). */
  z.object({ action: z.literal("reopen"), ticketIds }),
  z.object({ action: z.literal("tag"), ticketIds, tagIds }),
  z.object({ action: z.literal("untag"), ticketIds, tagIds }),
]);
export type TicketBulkBody = z.input<typeof ticketBulkBody>;

export const ticketBulkOutcome = z.discriminatedUnion("result", [
  z.object({ ticketId: z.number(), result: z.literal("done") }),
  z.object({ ticketId: z.number(), result: z.literal("refused"), code: z.string() }),
]);
export type TicketBulkOutcome = { ticketId: number; result: "done" } | { ticketId: number; result: "refused"; code: ErrorCode };

/** One outcome per ticket, in the order of `ticketIds`. */
export const ticketBulkResponse = z.object({ results: z.array(ticketBulkOutcome) });
export type TicketBulkResponse = { results: TicketBulkOutcome[] };
