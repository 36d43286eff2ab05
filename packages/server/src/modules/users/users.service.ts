import type { ParsedListQuery, User, UserByEmailResponse, UserDirectoryPage, UserPage } from "@atendo/contracts";
import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { containsPattern, pageOf, pageWindow } from "../../db/paging.js";
import { users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanManageUsers, assertCanReadUser } from "./user.policy.js";
import { presentUsers, presentUserWithQueues, type UserRow } from "./user.presenter.js";

export async function findUser(ctx: AppContext, id: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
  return row;
}

/** Admins see anyone; a user sees only themselves. */
export async function getUser(ctx: AppContext, actor: Actor, id: number): Promise<User> {
  assertCanReadUser(actor, id);
  return presentUserWithQueues(ctx.db, await findUser(ctx, id));
}

/** One page of active users ordered by name, optionally searched on name and email. */
async function activeUsersPage(ctx: AppContext, query: ParsedListQuery) {
  const pattern = containsPattern(query.searchParam);
  const { limit, offset } = pageWindow(query.pageNumber);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.isDeleted, false), query.searchParam ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(limit)
    .offset(offset);
  return pageOf(rows);
}

/** GET /users (admins): the full records of the users table. */
export async function listUsers(ctx: AppContext, actor: Actor, query: ParsedListQuery): Promise<UserPage> {
  assertCanManageUsers(actor);
  const page = await activeUsersPage(ctx, query);
  return { users: await presentUsers(ctx.db, page.items), hasMore: page.hasMore };
}

/** GET /users/directory (everyone): colleagues to pick for a transfer or as participants. */
export async function listUserDirectory(ctx: AppContext, query: ParsedListQuery): Promise<UserDirectoryPage> {
  const page = await activeUsersPage(ctx, query);
  return { users: page.items.map(({ id, name, email, presence }) => ({ id, name, email, presence })), hasMore: page.hasMore };
}

/** The user holding an email: the active one if any, else the most recently removed one. */
export async function userHoldingEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(users.isDeleted), desc(users.updatedAt), desc(users.id))
    .limit(1);
  return row;
}

/** GET /users/search/items: reveals a removed user's record to admins for the re-enable flow. */
export async function findUserByEmail(ctx: AppContext, actor: Actor, email: string): Promise<UserByEmailResponse> {
  assertCanManageUsers(actor);
  const row = await userHoldingEmail(ctx.db, email);
  return { user: row ? await presentUserWithQueues(ctx.db, row) : null };
}
