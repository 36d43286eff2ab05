import type { createUserBody, User } from "@atendo/contracts";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { connections, passwordResetTokens, sessions, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent } from "../../events/domain-events.js";
import { profileRoomChange } from "../../realtime/realtime.js";
import { confirmCurrentPassword } from "../auth/current-password.js";
import { hashPassword } from "../auth/password.js";
import { assertQueuesExist, queueIdsOfUser, replaceUserQueues } from "../queues/memberships.repo.js";
import { moveQueueRooms } from "../queues/queue-rooms.js";
import { assertNotUsedAsDestination } from "../destinations/destination-usage.js";
import { assertCanManageUsers, checkSelfEdit, ensureNotLastAdmin, type UpdateUser } from "./user.policy.js";
import { presentUserWithQueues, type UserRow } from "./user.presenter.js";
import { findUser, userHoldingEmail } from "./users.service.js";

type CreateUser = z.output<typeof createUserBody>;

/**
 * A default connection must exist (404 ERR_NO_WAPP_FOUND, not a foreign-key 400). The key-share
 * lock keeps it from being deleted before this transaction commits.
 */
async function holdConnection(tx: Db, id: number): Promise<void> {
  const [row] = await tx.select({ id: connections.id }).from(connections).where(eq(connections.id, id)).for("key share");
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
}

export async function createUser(ctx: AppContext, actor: Actor, body: CreateUser): Promise<User> {
  assertCanManageUsers(actor);
  const holder = await userHoldingEmail(ctx.db, body.email);
  // A removed user keeps their email: the form offers to enable them instead (re-enable flow).
  if (holder) throw new AppError(holder.isDeleted ? "ERR_USER_DELETED_EXISTS" : "ERR_EMAIL_ALREADY_EXISTS");
  await assertQueuesExist(ctx.db, body.queueIds);
  const passwordHash = await hashPassword(body.password);
  const row = await ctx.db.transaction(async (tx) => {
    if (body.whatsappId) await holdConnection(tx, body.whatsappId);
    const inserted = await insertRow(tx, users, {
      name: body.name,
      email: body.email,
      passwordHash,
      profile: body.profile,
      extension: body.extension ?? null,
      whatsappId: body.whatsappId ?? null,
      canSeeAllTicketHistory: body.canSeeAllTicketHistory,
      maxOpenTickets: body.maxOpenTickets,
    });
    await replaceUserQueues(tx, inserted.id, body.queueIds);
    return inserted;
  });
  const user = await presentUserWithQueues(ctx.db, row);
  await ctx.events.emit("user.changed", { userId: user.id, event: { action: "create", user } });
  return user;
}

/** Writes the user, their queues and session revocations in one transaction (a new password announced with it). */
async function writeUser(ctx: AppContext, actor: Actor, target: UserRow, body: UpdateUser): Promise<UserRow> {
  if (body.queueIds) await assertQueuesExist(ctx.db, body.queueIds);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return ctx.events.transaction(async (tx, publish) => {
    // A removed user cannot be routed to: refused while a destination or a monitoring names them.
    if (body.isDeleted && !target.isDeleted) await assertNotUsedAsDestination(tx, "users", target.id);
    await ensureNotLastAdmin(tx, target, {
      profile: body.profile ?? target.profile,
      isDeleted: body.isDeleted ?? target.isDeleted,
    });
    if (body.whatsappId) await holdConnection(tx, body.whatsappId);
    const row = await updateRow(
      tx,
      users,
      target.id,
      {
        name: body.name,
        email: body.email,
        profile: body.profile,
        extension: body.extension,
        whatsappId: body.whatsappId,
        isDeleted: body.isDeleted,
        canSeeAllTicketHistory: body.canSeeAllTicketHistory,
        maxOpenTickets: body.maxOpenTickets,
        passwordHash,
      },
      "ERR_NO_USER_FOUND",
    );
    if (body.queueIds) await replaceUserQueues(tx, row.id, body.queueIds);
    if (row.isDeleted) {
      // A removed user loses every sign-in, this one too, so a later re-enable revives none of them.
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, row.id));
    } else if (passwordHash) {
      // A new password ends every other sign-in of that user, and the reset links still open.
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, row.id), ne(sessions.id, actor.sessionId)));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, row.id), isNull(passwordResetTokens.usedAt)));
    }
    if (passwordHash) publish(domainEvent("auth.credentialsChanged", { userId: row.id, change: "password", byUserId: actor.id }));
    return row;
  });
}

/**
 * Brings the user's live sockets in line with the committed row: gone when removed, gone for
 * every sign-in a new password ended (writeUser), else moved between rooms.
 */
function syncLiveSockets(ctx: AppContext, actor: Actor, before: UserRow, after: UserRow, queues: { before: number[]; after: number[] }): void {
  if (after.isDeleted) return ctx.realtime.disconnectUser(after.id, "removed");
  if (after.passwordHash !== before.passwordHash) ctx.realtime.disconnectUser(after.id, "passwordChanged", { keepSession: actor.sessionId });
  moveQueueRooms(ctx.realtime, after.id, queues.before, queues.after);
  if (before.profile !== after.profile) ctx.realtime.updateUserRooms(after.id, profileRoomChange(after.profile));
}

/** `ip`: where the request came from (wrong current passwords count against it, as sign-in failures do). */
export async function updateUser(ctx: AppContext, actor: Actor, id: number, body: UpdateUser, ip: string): Promise<User> {
  const target = await findUser(ctx, id);
  const queuesBefore = await queueIdsOfUser(ctx.db, id);
  checkSelfEdit(actor, target, body, queuesBefore);
  // One's own new password needs the current one; an admin setting someone else's does not.
  if (body.password && actor.id === target.id) await confirmCurrentPassword(ctx, target, body.currentPassword, ip);
  const row = await writeUser(ctx, actor, target, body);
  syncLiveSockets(ctx, actor, target, row, { before: queuesBefore, after: body.queueIds ?? queuesBefore });
  const user = await presentUserWithQueues(ctx.db, row);
  await ctx.events.emit("user.changed", { userId: id, event: row.isDeleted ? { action: "delete", userId: id } : { action: "update", user } });
  return user;
}

/** Soft delete: the row, tickets and messages stay; the user can no longer sign in. */
export async function deleteUser(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageUsers(actor);
  const target = await findUser(ctx, id);
  const row = await writeUser(ctx, actor, target, { isDeleted: true });
  ctx.realtime.disconnectUser(row.id, "removed");
  await ctx.events.emit("user.changed", { userId: id, event: { action: "delete", userId: id } });
}
