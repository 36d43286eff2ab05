import type { Connection, createConnectionBody, updateConnectionBody } from "@atendo/contracts";
import { asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { connections, tickets, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { newOpaqueToken } from "../auth/tokens.js";
import { closedMoments, keepHistoryOf } from "./connection-history.js";
import { assertCanManageConnections } from "./connection.policy.js";
import { domainEvent } from "../../events/domain-events.js";
import { presentConnection, type ConnectionRow } from "./connection.presenter.js";
import { clearOtherDefaults, lockDefaultFlag } from "./default-flag.js";
import { assertDestination } from "../destinations/destinations.service.js";
import { silenceAbsence } from "../connection-safety/incidents.js";
import { createdSettings, updatedSettings } from "./channel-settings.js";

type CreateConnection = z.output<typeof createConnectionBody>;
type UpdateConnection = z.output<typeof updateConnectionBody>;

/** How long a create waits for the new driver's first status before answering. */
const START_WAIT_MS = 3000;

export async function findConnection(db: Db, id: number): Promise<ConnectionRow> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  return row;
}

async function announce(ctx: AppContext, rows: readonly ConnectionRow[]): Promise<void> {
  await ctx.events.publish(...rows.map((row) => domainEvent("connection.changed", { event: { action: "update", whatsapp: presentConnection(row) } })));
}

function secrets() {
  return { apiToken: newOpaqueToken(), webhookSecret: newOpaqueToken() };
}

type FormField = "name" | "label" | "canCloseTicketByMessage" | "farewellMessage" | "ignoreGroups" | "closeCode" | "businessHours" | "outOfHoursMessage" | "survey" | "pace" | "destinationType";

/**
 * The columns the connection form sets, the same on create and update (on update a field not
 * given stays `undefined`, which leaves its column as it is).
 */
function formColumns<B extends CreateConnection | UpdateConnection>(body: B): Pick<B, FormField> & { destinationId: B["destinationItem"] } {
  const { name, label, canCloseTicketByMessage, farewellMessage, ignoreGroups, closeCode, businessHours, outOfHoursMessage, survey, pace, destinationType } = body;
  return { name, label, canCloseTicketByMessage, farewellMessage, ignoreGroups, closeCode, businessHours, outOfHoursMessage, survey, pace, destinationType, destinationId: body.destinationItem };
}

export async function listConnections(ctx: AppContext, actor: Actor): Promise<Connection[]> {
  assertCanManageConnections(actor);
  const rows = await ctx.db.select().from(connections).orderBy(asc(connections.id));
  return rows.map(presentConnection);
}

export async function getConnection(ctx: AppContext, actor: Actor, id: number): Promise<Connection> {
  assertCanManageConnections(actor);
  return presentConnection(await findConnection(ctx.db, id));
}

/** Starts the new driver, waiting a moment for its first status (a QR code may take longer). */
async function startPromptly(ctx: AppContext, row: ConnectionRow): Promise<ConnectionRow> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, START_WAIT_MS)));
  await Promise.race([ctx.channels.start(row.id, row.kind), waited]);
  clearTimeout(timer);
  return findConnection(ctx.db, row.id).catch(() => row);
}

/**
 * Spec §5: the first connection is the default whatever was asked; asking for the default moves
 * the flag from the current one in the same transaction. API connections get their token and
 * webhook secret here.
 */
export async function createConnection(ctx: AppContext, actor: Actor, body: CreateConnection): Promise<Connection> {
  assertCanManageConnections(actor);
  const api = body.kind === "api";
  if (api && body.webhookUrl) await ctx.webhookGuard.assertAllowed(body.webhookUrl);
  const { created, cleared } = await ctx.db.transaction(async (tx) => {
    await assertDestination(tx, body.destinationType, body.destinationItem);
    await lockDefaultFlag(tx);
    const [existing] = await tx.select({ n: count() }).from(connections);
    const isDefault = body.isDefault || (existing?.n ?? 0) === 0;
    const cleared = isDefault ? await clearOtherDefaults(tx, null) : [];
    const [row] = await tx
      .insert(connections)
      .values({
        ...formColumns(body),
        kind: body.kind,
        isDefault,
        webhookUrl: api ? body.webhookUrl : null,
        ...(api ? secrets() : {}),
        ...createdSettings(body),
      })
      .returning();
    if (!row) throw new AppError("ERR_INTERNAL");
    return { created: row, cleared };
  });
  await announce(ctx, [...cleared, created]);
  return presentConnection(await startPromptly(ctx, created));
}

/**
 * The fields given change. The default cannot be switched off (ERR_NO_OTHER_WHATSAPP): another
 * connection is made default instead, which moves the flag atomically.
 */
export async function updateConnection(ctx: AppContext, actor: Actor, id: number, body: UpdateConnection): Promise<Connection> {
  assertCanManageConnections(actor);
  const current = await findConnection(ctx.db, id);
  if (body.isDefault === false && current.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP");
  const api = current.kind === "api";
  if (api && body.webhookUrl) await ctx.webhookGuard.assertAllowed(body.webhookUrl);
  const { updated, cleared } = await ctx.db.transaction(async (tx) => {
    if (body.destinationType !== undefined && body.destinationItem !== undefined) {
      await assertDestination(tx, body.destinationType, body.destinationItem);
    }
    await lockDefaultFlag(tx);
    const cleared = body.isDefault && !current.isDefault ? await clearOtherDefaults(tx, id) : [];
    const [row] = await tx
      .update(connections)
      .set({
        ...formColumns(body),
        isDefault: body.isDefault ? true : undefined,
        webhookUrl: api ? body.webhookUrl : undefined,
        ...(api && body.regenerateSecrets ? secrets() : {}),
        ...updatedSettings(current, body),
        updatedAt: new Date(),
      })
      .where(eq(connections.id, id))
      .returning();
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    return { updated: row, cleared };
  });
  ctx.apiConnections.forget(id);
  await announce(ctx, [...cleared, updated]);
  // A new bot token names another bot (or one no longer refused): its driver starts over, where it runs.
  if (current.kind === "telegram" && body.telegram?.botToken) {
    await ctx.channels.commands.restart(id, current.kind).catch((error: unknown) => ctx.log.warn({ err: error, connectionId: id }, "telegram restart after a new token failed"));
  }
  return presentConnection(updated);
}

/**
 * Deletes a connection, keeping its conversations as history (docs/decisions/0039): its active
 * tickets are closed and every ticket keeps the connection's name (connection-history.ts). The
 * default goes last: while others exist, choose another default first (ERR_NO_OTHER_WHATSAPP).
 * Its session ends in the background; the answer does not wait for the channel.
 */
export async function deleteConnection(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageConnections(actor);
  await ctx.events.transaction(async (tx, publish) => {
    await lockDefaultFlag(tx);
    const row = await findConnection(tx, id);
    const [all] = await tx.select({ n: count() }).from(connections);
    if (row.isDefault && (all?.n ?? 0) > 1) throw new AppError("ERR_NO_OTHER_WHATSAPP");
    await tx.update(users).set({ whatsappId: null }).where(eq(users.whatsappId, id));
    const closing = await keepHistoryOf(tx, row, new Date());
    await tx.delete(connections).where(eq(connections.id, id));
    publish(domainEvent("connection.changed", { event: { action: "delete", whatsappId: id } }), ...(await closedMoments(tx, closing)));
  });
  ctx.apiConnections.forget(id);
  void ctx.channels.remove(id);
}

/**
 * DELETE /whatsappsession/{id}: DISCONNECTING at once (admins see the spinner), then the driver
 * logs out — up to two minutes for WhatsApp — and a fresh one starts; its statuses arrive as
 * `whatsappSession` events. Carried out by the instance that runs the connection (the session
 * commands, like the two below: docs/decisions/0053); the permission is checked here, first.
 */
export async function disconnectSession(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageConnections(actor);
  const current = await findConnection(ctx.db, id);
  await ctx.channels.commands.disconnect(id, current.kind);
  // Deliberate: this absence raises no down alert (docs/decisions/0087).
  await silenceAbsence(ctx.db, id, new Date());
}

/**
 * POST /whatsappsession/{id}: "Try again" — restarts the connection's driver on its stored session
 * (a session that gave up with TIMEOUT, e.g. WhatsApp unreachable). The statuses follow as
 * `whatsappSession` events, starting with OPENING.
 */
export async function restartSession(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageConnections(actor);
  const current = await findConnection(ctx.db, id);
  await ctx.channels.commands.restart(id, current.kind);
}

/** POST /whatsappsession/{id}/pairing-code: pairing by phone number (WhatsApp connections). */
export async function requestPairingCode(ctx: AppContext, actor: Actor, id: number, number: string): Promise<string> {
  assertCanManageConnections(actor);
  const connection = await findConnection(ctx.db, id);
  if (connection.kind !== "whatsapp") throw new AppError("ERR_NO_WAPP_FOUND", 404, "Pairing codes are for WhatsApp connections.");
  return ctx.channels.commands.requestPairingCode(id, number);
}

/** GET /tickets/count {whatsappId}: for the delete confirmation (the tickets it closes or keeps). */
export async function countConnectionTickets(ctx: AppContext, actor: Actor, connectionId: number): Promise<number> {
  assertCanManageConnections(actor);
  const [row] = await ctx.db.select({ n: count() }).from(tickets).where(eq(tickets.connectionId, connectionId));
  return row?.n ?? 0;
}
