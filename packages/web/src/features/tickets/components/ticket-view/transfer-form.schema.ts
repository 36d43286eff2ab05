import type { Ticket, TicketBulkBody, UpdateTicketBody } from "@atendo/contracts";
import { z } from "zod";

function connectionChanges(values: { whatsappId: number | null; currentWhatsappId: number | null }): boolean {
  return values.whatsappId !== null && values.whatsappId !== values.currentWhatsappId;
}

/**
 * The transfer modal: a user and/or a queue (spec §5: at least one), and for admins another
 * connection. A connection change alone is also a transfer (docs/decisions/0026).
 */
export const transferFormSchema = z
  .object({
    user: z.object({ id: z.number(), name: z.string() }).nullable(),
    queueId: z.number().int().positive().nullable(),
    whatsappId: z.number().int().positive().nullable(),
    /** Null once the ticket's connection was deleted (docs/decisions/0039). */
    currentWhatsappId: z.number().nullable(),
  })
  .refine((values) => values.user !== null || values.queueId !== null || connectionChanges(values), {
    message: "pick a user or a queue",
    path: ["user"],
  });

export type TransferFormValues = z.infer<typeof transferFormSchema>;

export function transferDefaults(ticket: Pick<Ticket, "whatsappId">): TransferFormValues {
  return { user: null, queueId: null, whatsappId: null, currentWhatsappId: ticket.whatsappId };
}

/**
 * The one PUT body of updateTicketBody that carries out a transfer: the server applies a connection
 * move together with the owner or queue change, or refuses the whole body (docs/decisions/0020).
 */
export function transferBody(values: TransferFormValues): UpdateTicketBody {
  const move = connectionChanges(values) && values.whatsappId !== null ? { whatsappId: values.whatsappId } : {};
  if (values.user) {
    return { ...move, userId: values.user.id, ...(values.queueId !== null && { queueId: values.queueId }), action: "transferOwner" };
  }
  if (values.queueId !== null) return { ...move, queueId: values.queueId, userId: null, status: "pending", action: "updateQueue" };
  return { ...move, action: "transferConnection" };
}

export type BulkTransferFields = Omit<Extract<TicketBulkBody, { action: "transfer" }>, "ticketIds">;

/** The same choice for POST /tickets/bulk: its transfer takes the user, queue and connection as they are. */
export function bulkTransferFields(values: TransferFormValues): BulkTransferFields {
  return {
    action: "transfer",
    ...(values.user && { userId: values.user.id }),
    ...(values.queueId !== null && { queueId: values.queueId }),
    ...(connectionChanges(values) && values.whatsappId !== null && { whatsappId: values.whatsappId }),
  };
}
