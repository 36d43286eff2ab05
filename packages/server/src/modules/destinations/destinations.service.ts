import type { DestinationItem, DestinationKind, DestinationType, ErrorCode } from "@atendo/contracts";
import { destinationKinds } from "@atendo/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { announcements, bots, monitorings, queues, uras, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanChooseDestinations } from "./destination.policy.js";

/** The table a kind names, and which of its rows may be a destination (users: active ones only). */
export function destinationTable(kind: DestinationKind) {
  if (kind === "users") return { table: users, usable: eq(users.isDeleted, false) };
  return { table: { queue: queues, uras, announcements, monitorings, bots }[kind], usable: undefined };
}

/** The five kinds of spec §3 and bots (docs/decisions/0092), all routed. */
export function listDestinationTypes(actor: Actor): DestinationType[] {
  assertCanChooseDestinations(actor);
  return destinationKinds.map((kind) => ({ id: kind, name: kind, available: true }));
}

/** The items of a destination kind: queues, active users, menus, announcements, monitorings or bots. */
export async function listDestinationItems(ctx: AppContext, actor: Actor, kind: DestinationKind): Promise<DestinationItem[]> {
  assertCanChooseDestinations(actor);
  const { table, usable } = destinationTable(kind);
  return ctx.db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(usable)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

/**
 * A destination being saved must exist (404 ERR_NO_DESTINATION_FOUND, or `missing`: a monitoring's
 * owner is a user who must be active, ERR_NO_USER_FOUND). Call it inside the saving transaction:
 * the key-share lock waits for a delete of the target in progress (which locks the row, see
 * assertNotUsedAsDestination) and then finds it gone, and keeps the target from being deleted until
 * the save commits. A destination has no foreign key to do this (it names one of five tables).
 */
export async function assertDestination(db: Db, kind: DestinationKind, id: number, missing: ErrorCode = "ERR_NO_DESTINATION_FOUND"): Promise<void> {
  const { table, usable } = destinationTable(kind);
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), usable))
    .for("key share");
  if (!found) throw new AppError(missing);
}
