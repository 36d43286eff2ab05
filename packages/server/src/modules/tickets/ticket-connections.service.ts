import { can, type StartConnection } from "@atendo/contracts";
import { and, asc, eq, exists, or, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { connections, ticketParticipants, tickets, userQueues } from "../../db/schema/index.js";

/** Admins (whoever may move a ticket to another connection) may start conversations on any. */
function usesEveryConnection(actor: Actor): boolean {
  return can(actor.profile, "ticket-options:transferConnection");
}

/**
 * The connections an attendant may start a conversation on (docs/decisions/0041): their own, the
 * default one (both the server's own picks when none is asked for), those routing new customers to
 * one of their queues or to them, and those of the tickets they hold open (owner or participant:
 * they already write there, e.g. starting a chat with a contact card shared in that ticket).
 */
function mayUse(actor: Actor): SQL {
  const inMyQueue = exists(
    sql`(select 1 from ${userQueues} where ${userQueues.userId} = ${actor.id} and ${userQueues.queueId} = ${connections.destinationId})`,
  );
  const holdingOpen = exists(
    sql`(select 1 from ${tickets} where ${tickets.connectionId} = ${connections.id} and ${tickets.status} = 'open' and (${tickets.userId} = ${actor.id} or exists (select 1 from ${ticketParticipants} where ${ticketParticipants.ticketId} = ${tickets.id} and ${ticketParticipants.userId} = ${actor.id})))`,
  );
  return or(
    actor.whatsappId === null ? undefined : eq(connections.id, actor.whatsappId),
    eq(connections.isDefault, true),
    and(eq(connections.destinationType, "queue"), inMyQueue),
    and(eq(connections.destinationType, "users"), eq(connections.destinationId, actor.id)),
    holdingOpen,
  ) as SQL;
}

/** GET /tickets/connections: what the new-ticket dialog offers, by name. */
export async function startableConnections(ctx: AppContext, actor: Actor): Promise<StartConnection[]> {
  return ctx.db
    .select({ id: connections.id, name: connections.name, label: connections.label, isDefault: connections.isDefault })
    .from(connections)
    .where(usesEveryConnection(actor) ? undefined : mayUse(actor))
    .orderBy(asc(sql`coalesce(${connections.label}, ${connections.name})`), asc(connections.id));
}

/** POST /tickets with a chosen connection: 404 when it does not exist, 403 when the caller may not use it. */
export async function assertMayStartOn(ctx: AppContext, actor: Actor, connectionId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ allowed: usesEveryConnection(actor) ? sql<boolean>`true` : sql<boolean>`${mayUse(actor)}` })
    .from(connections)
    .where(eq(connections.id, connectionId))
    .limit(1);
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  if (!row.allowed) throw new AppError("ERR_CONNECTION_NOT_ALLOWED");
}
