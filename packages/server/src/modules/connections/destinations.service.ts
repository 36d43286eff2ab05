import type { DestinationItem, DestinationKind, DestinationType } from "@atendo/contracts";
import { destinationKinds } from "@atendo/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { announcements, monitorings, queues, uras, users } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanManageConnections } from "./connection.policy.js";

/** The five kinds of spec §3, all routed. */
export function listDestinationTypes(actor: Actor): DestinationType[] {
  assertCanManageConnections(actor);
  return destinationKinds.map((kind) => ({ id: kind, name: kind, available: true }));
}

function itemsQuery(db: Db, kind: DestinationKind, id?: number) {
  if (kind === "users") {
    return db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.isDeleted, false), id === undefined ? undefined : eq(users.id, id)))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  }
  const table = { queue: queues, uras, announcements, monitorings }[kind];
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(id === undefined ? undefined : eq(table.id, id))
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

/** The items of a destination kind: queues, active users, menus, announcements or monitorings. */
export async function listDestinationItems(ctx: AppContext, actor: Actor, kind: DestinationKind): Promise<DestinationItem[]> {
  assertCanManageConnections(actor);
  return itemsQuery(ctx.db, kind);
}

/** A connection's destination must be available and exist (400 / 404 ERR_NO_DESTINATION_FOUND). */
export async function assertDestination(db: Db, kind: DestinationKind, id: number): Promise<void> {
  const [found] = await itemsQuery(db, kind, id);
  if (!found) throw new AppError("ERR_NO_DESTINATION_FOUND");
}
