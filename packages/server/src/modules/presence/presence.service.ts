import { limits, type PresenceStatus, type UserPresence } from "@atendo/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { AppSlot } from "../../core/app-slots.js";
import type { Db } from "../../db/client.js";
import { domainEvent } from "../../events/domain-events.js";
import type { Publish } from "../../events/event-bus.js";
import { users } from "../../db/schema/index.js";

/**
 * Presence (issue 30, docs/decisions/0078). `users.presence` is the effective status (what
 * assignment and the monitor read); `users.presence_choice` what the user chose by hand;
 * `users.presence_seen_at` when a socket of theirs was last known connected, stamped by the
 * instance holding it (connect, disconnect and each of its rounds). A user not seen for
 * `offlineAfterMs` and with no socket on any instance becomes offline; a socket connecting
 * restores their choice.
 */
export interface PresenceOptions {
  /** How long a user may have no socket before they become offline; default limits.presenceOfflineAfterSeconds. */
  offlineAfterMs?: number;
  /** The clock presence stamps and compares with (tests move it instead of waiting). */
  now?: () => Date;
}

export interface PresenceSettings {
  offlineAfterMs: number;
  now: () => Date;
}

export const presenceSlot = new AppSlot<PresenceSettings>("presence");

export function presenceSettings(options: PresenceOptions = {}): PresenceSettings {
  return { offlineAfterMs: options.offlineAfterMs ?? limits.presenceOfflineAfterSeconds * 1000, now: options.now ?? (() => new Date()) };
}

/** Locks a user's presence row for a change within `tx`. */
async function lockedPresence(tx: Db, userId: number) {
  const [row] = await tx
    .select({ presence: users.presence, chosen: users.presenceChoice })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

function announce(publish: Publish, userId: number, status: PresenceStatus, before: PresenceStatus): void {
  if (status !== before) publish(domainEvent("presence.changed", { userId, status, before }));
}

/** PUT /users/me/presence: the choice becomes the effective status at once (they are here, asking). */
export async function setOwnPresence(ctx: AppContext, actor: Actor, status: PresenceStatus): Promise<UserPresence> {
  const { now } = ctx.slots.get(presenceSlot);
  return ctx.events.transaction(async (tx, publish) => {
    const row = await lockedPresence(tx, actor.id);
    if (!row) throw new AppError("ERR_NO_USER_FOUND");
    await tx.update(users).set({ presence: status, presenceChoice: status, presenceSeenAt: now() }).where(eq(users.id, actor.id));
    announce(publish, actor.id, status, row.presence);
    return { userId: actor.id, status, chosen: status };
  });
}

/** A socket of the user connected (on this instance): they are seen, and back to what they chose. */
export async function presenceOnConnect(ctx: AppContext, userId: number): Promise<void> {
  const { now } = ctx.slots.get(presenceSlot);
  await ctx.events.transaction(async (tx, publish) => {
    const row = await lockedPresence(tx, userId);
    if (!row) return;
    await tx.update(users).set({ presence: row.chosen, presenceSeenAt: now() }).where(eq(users.id, userId));
    announce(publish, userId, row.chosen, row.presence);
  });
}

/** These users have a socket here now (or had one until this moment): stamps them as seen. */
export async function markSeen(ctx: AppContext, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const { now } = ctx.slots.get(presenceSlot);
  await ctx.db.update(users).set({ presenceSeenAt: now() }).where(inArray(users.id, [...userIds]));
}

/**
 * Makes offline every user not offline yet, not seen for `offlineAfterMs` and with no socket on
 * this instance or (through the adapter) any other; returns their ids. Safe on every instance at
 * once: each row is locked and checked again before it changes, so a socket connecting meanwhile
 * (which stamps the row) wins, and each change is announced once.
 */
export async function sweepAbsent(ctx: AppContext): Promise<number[]> {
  const { now, offlineAfterMs } = ctx.slots.get(presenceSlot);
  const cutoff = new Date(now().getTime() - offlineAfterMs);
  const stale = sql`${users.presence} <> 'offline' and (${users.presenceSeenAt} is null or ${users.presenceSeenAt} < ${cutoff})`;
  const candidates = (await ctx.db.select({ id: users.id }).from(users).where(stale)).map((row) => row.id);
  if (candidates.length === 0) return [];
  const here = new Set(ctx.realtime.localUsers());
  const connected = await ctx.realtime.connectedUsers(candidates);
  const absent = candidates.filter((id) => !here.has(id) && !connected.has(id));
  if (absent.length === 0) return [];
  return ctx.events.transaction(async (tx, publish) => {
    const gone = await tx
      .select({ id: users.id, before: users.presence })
      .from(users)
      .where(and(inArray(users.id, absent), stale))
      .orderBy(users.id)
      .for("update");
    if (gone.length === 0) return [];
    await tx
      .update(users)
      .set({ presence: "offline" })
      .where(inArray(users.id, gone.map((row) => row.id)));
    for (const row of gone) announce(publish, row.id, "offline", row.before);
    return gone.map((row) => row.id);
  });
}
