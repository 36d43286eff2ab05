import type { updateUserBody, User } from "@atendo/contracts";
import { and, count, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { sessions, users } from "../../db/schema/index.js";
import { AppError } from "../../http/app-error.js";
import type { Actor } from "../../http/auth-plugin.js";
import { hashPassword } from "../auth/password.js";
import { presentUser, type UserRow } from "./user.presenter.js";

type UpdateUser = z.output<typeof updateUserBody>;

export async function findUser(ctx: AppContext, id: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
  return row;
}

/** Admins see anyone; a user sees only themselves. */
export async function getUser(ctx: AppContext, actor: Actor, id: number): Promise<User> {
  if (actor.profile !== "admin" && actor.id !== id) throw new AppError("ERR_NO_PERMISSION");
  return presentUser(await findUser(ctx, id));
}

const adminOnlyFields = ["name", "email", "profile", "extension", "whatsappId", "queueIds", "isDeleted", "canSeeAllTicketHistory"] as const;

/**
 * A normal user may change only their own password. The profile form sends its read-only
 * fields back unchanged, so equal values pass; a different value is refused, not ignored.
 */
function checkSelfEdit(actor: Actor, target: UserRow, body: UpdateUser): void {
  if (actor.profile === "admin") return;
  if (actor.id !== target.id) throw new AppError("ERR_NO_PERMISSION");
  for (const field of adminOnlyFields) {
    const value = body[field];
    if (value === undefined) continue;
    const current = field === "queueIds" ? undefined : target[field];
    const same = field === "email" ? String(value).toLowerCase() === target.email.toLowerCase() : value === current;
    if (!same) throw new AppError("ERR_NO_PERMISSION");
  }
}

async function activeAdminCount(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.profile, "admin"), eq(users.isDeleted, false)));
  return row?.n ?? 0;
}

export async function ensureNotLastAdmin(ctx: AppContext, target: UserRow, next: { profile: string; isDeleted: boolean }) {
  const losesAdmin = target.profile === "admin" && !target.isDeleted && (next.profile !== "admin" || next.isDeleted);
  if (losesAdmin && (await activeAdminCount(ctx)) <= 1) throw new AppError("ERR_LAST_ADMIN");
}

export async function updateUser(ctx: AppContext, actor: Actor, id: number, body: UpdateUser): Promise<User> {
  const target = await findUser(ctx, id);
  checkSelfEdit(actor, target, body);
  await ensureNotLastAdmin(ctx, target, {
    profile: body.profile ?? target.profile,
    isDeleted: body.isDeleted ?? target.isDeleted,
  });

  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const [row] = await ctx.db
    .update(users)
    .set({
      name: body.name,
      email: body.email,
      profile: body.profile,
      extension: body.extension,
      whatsappId: body.whatsappId,
      isDeleted: body.isDeleted,
      canSeeAllTicketHistory: body.canSeeAllTicketHistory,
      passwordHash,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
  if (passwordHash || row.isDeleted) {
    // A new password (or a removed user) ends every other sign-in of that user.
    await ctx.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, id), ne(sessions.id, actor.sessionId)));
  }
  const user = presentUser(row);
  ctx.realtime.emit({ admins: true, userIds: [id] }, "user", { action: "update", user });
  return user;
}
