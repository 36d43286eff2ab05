import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { DomainEvent } from "../../events/domain-events.js";
import { assertCanManageUsers } from "../users/user.policy.js";
import { activeUserByEmail } from "./password-reset.service.js";
import { resetTwoFactor } from "./two-factor.service.js";

/** POST /users/:id/2fa/reset: an admin removes a user's second factor (lost phone and codes). */
export async function resetUserTwoFactor(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  assertCanManageUsers(actor);
  await ctx.events.transaction(async (tx, publish) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.isDeleted, false)));
    if (!user) throw new AppError("ERR_NO_USER_FOUND");
    publish(await resetTwoFactor(tx, user.id, actor.id));
  });
}

/**
 * `npm run admin -- reset-2fa <email>`: the last admin's way back in. The event (byUserId null) is
 * handed to `publish`: the command line has no app to run listeners (see admin.ts).
 */
export async function resetTwoFactorByEmail(db: Db, email: string, publish: (event: DomainEvent) => Promise<void>): Promise<{ email: string }> {
  const user = await activeUserByEmail(db, email.trim());
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  await publish(await resetTwoFactor(db, user.id, null));
  return { email: user.email };
}
