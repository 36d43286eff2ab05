import type { Ticket, UpdateTicketBody } from "@atendo/contracts";
import { z } from "zod";

function connectionChanges(values: { whatsappId: number | null; currentWhatsappId: number }): boolean {
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
    currentWhatsappId: z.number(),
  })
  .refine((values) => values.user !== null || values.queueId !== null || connectionChanges(values), {
    message: "pick a user or a queue",
    path: ["user"],
  });

export type TransferFormValues = z.infer<typeof transferFormSchema>;

export function transferDefaults(ticket: Pick<Ticket, "whatsappId">): TransferFormValues {
  return { user: null, queueId: null, whatsappId: null, currentWhatsappId: ticket.whatsappId };
}

/** The PUT bodies of updateTicketBody that carry out a transfer, in the order they are sent. */
export function transferBodies(values: TransferFormValues): UpdateTicketBody[] {
  const bodies: UpdateTicketBody[] = [];
  if (connectionChanges(values) && values.whatsappId !== null) {
    bodies.push({ whatsappId: values.whatsappId, action: "transferConnection" });
  }
  if (values.user) {
    bodies.push({ userId: values.user.id, ...(values.queueId !== null && { queueId: values.queueId }), action: "transferOwner" });
  } else if (values.queueId !== null) {
    bodies.push({ queueId: values.queueId, userId: null, status: "pending", action: "updateQueue" });
  }
  return bodies;
}
