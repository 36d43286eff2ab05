import { limits } from "@atendo/contracts";
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "../../core/app-error.js";
import type { Db } from "../../db/client.js";
import { cloudServiceWindows, connections, contacts } from "../../db/schema/index.js";

/**
 * The WhatsApp Cloud API's 24-hour customer-service window (docs/decisions/0089): free text may
 * be sent to a customer until 24 hours after their last message on the connection; after that
 * only an approved template. One row per customer and connection, moved forward by the webhook.
 */

/** The customer wrote at `at` (a redelivery or an older message never moves it back). */
export async function recordCustomerMessage(db: Db, connectionId: number, number: string, at: Date): Promise<void> {
  await db
    .insert(cloudServiceWindows)
    .values({ connectionId, number, lastInboundAt: at })
    .onConflictDoUpdate({
      target: [cloudServiceWindows.connectionId, cloudServiceWindows.number],
      set: { lastInboundAt: sql`greatest(${cloudServiceWindows.lastInboundAt}, excluded.last_inbound_at)` },
    });
}

type WindowTicket = { connectionId: number | null; contactId: number | null };

/**
 * When the ticket's window closes: undefined when its connection is not a Cloud API one (no
 * window), null when the customer never wrote on it. One indexed read.
 */
export async function serviceWindowEndsAt(db: Db, ticket: WindowTicket): Promise<Date | null | undefined> {
  if (ticket.connectionId === null || ticket.contactId === null) return undefined;
  const [row] = await db
    .select({ kind: connections.kind, last: cloudServiceWindows.lastInboundAt })
    .from(connections)
    .innerJoin(contacts, eq(contacts.id, ticket.contactId))
    .leftJoin(cloudServiceWindows, and(eq(cloudServiceWindows.connectionId, connections.id), eq(cloudServiceWindows.number, contacts.number)))
    .where(eq(connections.id, ticket.connectionId))
    .limit(1);
  if (!row || row.kind !== "whatsapp_cloud") return undefined;
  return row.last ? new Date(row.last.getTime() + limits.cloudServiceWindowMs) : null;
}

/** Free text on a Cloud API ticket whose window is closed: 409 ERR_SERVICE_WINDOW_CLOSED. */
export async function assertFreeTextAllowed(db: Db, ticket: WindowTicket, now = new Date()): Promise<void> {
  const endsAt = await serviceWindowEndsAt(db, ticket);
  if (endsAt === undefined) return;
  if (endsAt === null || endsAt.getTime() <= now.getTime()) throw new AppError("ERR_SERVICE_WINDOW_CLOSED");
}
