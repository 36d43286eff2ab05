import { errorCatalogue, type PushSubscription, type PushSubscriptionBody } from "@atendo/contracts";
import { and, desc, eq } from "drizzle-orm";
import { ECDH } from "node:crypto";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import { pushSubscriptions } from "../../db/schema/index.js";

type Row = typeof pushSubscriptions.$inferSelect;

function present(row: Row): PushSubscription {
  return { id: row.id, endpoint: row.endpoint, language: row.language, createdAt: row.createdAt.toISOString() };
}

/**
 * The server will POST to the endpoint, so it is held to the webhook rules: https on a public host;
 * http and private addresses only with WEBHOOK_ALLOW_PRIVATE (an install with its own push relay,
 * the tests' local endpoint). Each delivery checks the address it dials again (see PushSender).
 */
async function assertEndpointAllowed(ctx: AppContext, endpoint: string): Promise<void> {
  if (!ctx.config.WEBHOOK_ALLOW_PRIVATE && new URL(endpoint).protocol !== "https:") throw new AppError("ERR_PUSH_ENDPOINT_NOT_ALLOWED");
  try {
    await ctx.webhookGuard.assertAllowed(endpoint);
  } catch (error) {
    if (error instanceof AppError) throw new AppError("ERR_PUSH_ENDPOINT_NOT_ALLOWED");
    throw error;
  }
}

/**
 * Every notification is encrypted to the browser's key (RFC 8291): it must be a point on P-256,
 * uncompressed (65 bytes, 0x04 first). The contract checks the size; the curve is checked here,
 * or every later push to this browser would fail.
 */
function assertUsableKey(p256dh: string): void {
  const point = Buffer.from(p256dh, "base64url");
  let usable = point.length === 65 && point[0] === 0x04;
  try {
    if (usable) ECDH.convertKey(point, "prime256v1");
  } catch {
    usable = false;
  }
  if (!usable) throw new AppError("ERR_MISSING_VALUES", 400, `${errorCatalogue.ERR_MISSING_VALUES.en} keys.p256dh: not an uncompressed P-256 public key.`);
}

/** Stores this browser's subscription for the actor: a known endpoint gets the new keys and owner. */
export async function subscribe(ctx: AppContext, actor: Actor, body: PushSubscriptionBody): Promise<PushSubscription> {
  assertUsableKey(body.keys.p256dh);
  await assertEndpointAllowed(ctx, body.endpoint);
  const values = { userId: actor.id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, language: body.language };
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date(), lastPushedAt: null } })
    .returning();
  ctx.push.subscriptionsChanged(true);
  return present(row!);
}

export async function listOwnSubscriptions(ctx: AppContext, actor: Actor): Promise<PushSubscription[]> {
  const rows = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.id))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map(present);
}

/** Removes one of the actor's subscriptions; anyone else's is "not found", as if it did not exist. */
export async function unsubscribe(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError("ERR_NO_PUSH_SUBSCRIPTION_FOUND");
  ctx.push.subscriptionsChanged(false);
}
