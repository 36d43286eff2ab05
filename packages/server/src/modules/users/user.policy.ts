import type { updateUserBody } from "@atendo/contracts";
import { and, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { advisoryLocks } from "../../db/locks.js";
import { users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { requireAdmin, type Actor } from "../../core/actor.js";
import type { UserRow } from "./user.presenter.js";

export type UpdateUser = z.output<typeof updateUserBody>;

const adminOnlyFields = ["name", "email", "profile", "extension", "whatsappId", "isDeleted", "canSeeAllTicketHistory", "maxOpenTickets"] as const;

/**
 * Who may do what with users (spec §6, docs/decisions/0005, 0027): the users screen — listing
 * full records, finding a removed user by email, creating and removing — is for admins; every
 * user reads the colleagues directory; a user reads their own record and changes only their own
 * password (checkSelfEdit).
 */
export function assertCanManageUsers(actor: Actor): void {
  requireAdmin(actor);
}

/** Admins read anyone; a user reads only themselves. */
export function assertCanReadUser(actor: Actor, id: number): void {
  if (actor.profile !== "admin" && actor.id !== id) throw new AppError("ERR_NO_PERMISSION");
}

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

/**
 * The system never loses its last active admin, by demotion or by removal (ERR_LAST_ADMIN).
 * Call inside the transaction that writes the user: the lock makes two admins demoting each
 * other at once take turns, and the second one counts after the first has committed.
 */
export async function ensureNotLastAdmin(tx: Db, target: UserRow, next: { profile: string; isDeleted: boolean }): Promise<void> {
  const losesAdmin = target.profile === "admin" && !target.isDeleted && (next.profile !== "admin" || next.isDeleted);
  if (!losesAdmin) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.lastAdmin})`);
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.profile, "admin"), eq(users.isDeleted, false)));
  if ((row?.n ?? 0) <= 1) throw new AppError("ERR_LAST_ADMIN");
}
