import type { ErrorCode } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { insertRow } from "../../db/row-writes.js";
import { sessions, users } from "../../db/schema/index.js";
import { issueRefreshToken } from "../auth/session-start.js";
import { hashPassword } from "../auth/password.js";
import { newOpaqueToken } from "../auth/tokens.js";
import { userHoldingEmail } from "../users/users.service.js";
import { presentUserWithQueues, type UserRow } from "../users/user.presenter.js";
import type { ProviderIdentity } from "./oidc-provider-client.js";

/** Who the provider's identity turned out to be, or why not (with the account when one matched). */
export class SsoRefusal extends AppError {
  constructor(
    code: ErrorCode,
    readonly userId: number | null,
  ) {
    super(code);
  }
}

/**
 * The account a provider identity signs in as: the one holding its verified e-mail (matched
 * case-insensitively), or with OIDC_CREATE_USERS a new attendant with no queues. Atendo's own
 * second factor is not asked: the provider owns the factors (docs/decisions/0098).
 */
export async function accountForIdentity(ctx: AppContext, identity: ProviderIdentity): Promise<UserRow> {
  // An unverified address could be anyone's: it never matches, whatever account holds it.
  if (!identity.email || !identity.emailVerified) throw new SsoRefusal("ERR_SSO_EMAIL_UNVERIFIED", null);
  const holder = await userHoldingEmail(ctx.db, identity.email);
  if (holder?.isDeleted) throw new SsoRefusal("ERR_SSO_ACCOUNT_DISABLED", holder.id);
  if (holder) return holder;
  if (!ctx.config.OIDC_CREATE_USERS) throw new SsoRefusal("ERR_SSO_NO_ACCOUNT", null);
  try {
    return await createAttendant(ctx, identity.email, identity.name);
  } catch (error) {
    // Two first sign-ins at once: the other one created the account (the unique e-mail index).
    const created = await userHoldingEmail(ctx.db, identity.email);
    if (created && !created.isDeleted) return created;
    throw error;
  }
}

async function createAttendant(ctx: AppContext, email: string, name: string | null): Promise<UserRow> {
  // No password anyone knows: the account signs in through the provider (or after "Forgot password?").
  const row = await insertRow(ctx.db, users, {
    name: (name ?? email.split("@")[0] ?? email).slice(0, 50).padEnd(2, "_"),
    email,
    passwordHash: await hashPassword(newOpaqueToken()),
    profile: "user",
  });
  const user = await presentUserWithQueues(ctx.db, row);
  await ctx.events.emit("user.changed", { userId: user.id, event: { action: "create", user } });
  return row;
}

/** A new session for the account, as a password sign-in makes: the refresh cookie's value. */
export async function openSession(ctx: AppContext, user: UserRow): Promise<string> {
  const [session] = await ctx.db.insert(sessions).values({ userId: user.id }).returning();
  if (!session) throw new AppError("ERR_INTERNAL");
  return issueRefreshToken(ctx, session.id);
}
