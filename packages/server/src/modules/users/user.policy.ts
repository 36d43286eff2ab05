import type { updateUserBody } from "@atendo/contracts";
import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { users } from "../../db/schema/index.js";
import { AppError } from "../../http/app-error.js";
import type { Actor } from "../../http/auth-plugin.js";
import type { UserRow } from "./user.presenter.js";

export type UpdateUser = z.output<typeof updateUserBody>;

const adminOnlyFields = ["name", "email", "profile", "extension", "whatsappId", "isDeleted", "canSeeAllTicketHistory"] as const;

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * A normal user may change only their own password. The profile form sends its read-only
 * fields back unchanged, so equal values pass; a different value is refused, not ignored.
 */
export function checkSelfEdit(actor: Actor, target: UserRow, body: UpdateUser, currentQueueIds: readonly number[]): void {
  if (actor.profile === "admin") return;
  if (actor.id !== target.id) throw new AppError("ERR_NO_PERMISSION");
  for (const field of adminOnlyFields) {
    const value = body[field];
    if (value === undefined) continue;
    const same = field === "email" ? String(value).toLowerCase() === target.email.toLowerCase() : value === target[field];
    if (!same) throw new AppError("ERR_NO_PERMISSION");
  }
  if (body.queueIds && !sameIds(body.queueIds, currentQueueIds)) throw new AppError("ERR_NO_PERMISSION");
}

async function activeAdminCount(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.profile, "admin"), eq(users.isDeleted, false)));
  return row?.n ?? 0;
}

/** The system never loses its last active admin, by demotion or by removal (ERR_LAST_ADMIN). */
export async function ensureNotLastAdmin(ctx: AppContext, target: UserRow, next: { profile: string; isDeleted: boolean }) {
  const losesAdmin = target.profile === "admin" && !target.isDeleted && (next.profile !== "admin" || next.isDeleted);
  if (losesAdmin && (await activeAdminCount(ctx)) <= 1) throw new AppError("ERR_LAST_ADMIN");
}
