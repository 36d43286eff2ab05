import type { DestinationKind, DestinationReferrer, DestinationReferrerType } from "@atendo/contracts";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { announcements, bots, connections, monitorings, uraItems, uras } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { destinationTable } from "./destinations.service.js";

/** Names a refusal spells out; the rest are counted (the full list is in `usedBy`). */
const NAMED_IN_MESSAGE = 5;

const nouns: Record<DestinationReferrerType, string> = {
  connection: "connection",
  ura: "menu",
  announcement: "announcement",
  monitoring: "monitoring",
  bot: "bot",
};

const byName = <T extends { name: unknown }>(t: T) => asc(sql`lower(${t.name})`);

/**
 * Everything that would send customers to (kind, id): connections, menus (one entry per menu
 * whatever its number of options), announcements, bots (their fallback) and, for a user, the monitorings they own. The
 * target itself does not count: a menu whose option leads back to it ("0 - main menu") goes with it.
 */
export async function referrersOf(db: Db, kind: DestinationKind, id: number): Promise<DestinationReferrer[]> {
  const at = <T extends { destinationType: unknown; destinationId: unknown }>(t: T) =>
    and(sql`${t.destinationType} = ${kind}`, sql`${t.destinationId} = ${id}`);
  // One after another: inside a transaction every query goes through its one connection.
  const viaConnections = await db
    .select({ id: connections.id, name: connections.name })
    .from(connections)
    .where(at(connections))
    .orderBy(byName(connections), asc(connections.id));
  const leadingOptions = db
    .select({ uraId: uraItems.uraId })
    .from(uraItems)
    .where(and(at(uraItems), kind === "uras" ? ne(uraItems.uraId, id) : undefined));
  const viaMenus = await db
    .select({ id: uras.id, name: uras.name })
    .from(uras)
    .where(inArray(uras.id, leadingOptions))
    .orderBy(byName(uras), asc(uras.id));
  const viaAnnouncements = await db
    .select({ id: announcements.id, name: announcements.name })
    .from(announcements)
    .where(and(at(announcements), kind === "announcements" ? ne(announcements.id, id) : undefined))
    .orderBy(byName(announcements), asc(announcements.id));
  // A bot's fallback leads there (a bot whose fallback is itself goes with it).
  const viaBots = await db
    .select({ id: bots.id, name: bots.name })
    .from(bots)
    .where(and(at(bots), kind === "bots" ? ne(bots.id, id) : undefined))
    .orderBy(byName(bots), asc(bots.id));
  const owned =
    kind === "users"
      ? await db.select({ id: monitorings.id, name: monitorings.name }).from(monitorings).where(eq(monitorings.userId, id)).orderBy(byName(monitorings), asc(monitorings.id))
      : [];
  const tag = (type: DestinationReferrerType) => (row: { id: number; name: string }) => ({ type, ...row });
  return [
    ...viaConnections.map(tag("connection")),
    ...viaMenus.map(tag("ura")),
    ...viaAnnouncements.map(tag("announcement")),
    ...viaBots.map(tag("bot")),
    ...owned.map(tag("monitoring")),
  ];
}

/** `It cannot be deleted: connection “Demo”, menu “Main” still send customers to it. …` */
function inUseMessage(usedBy: readonly DestinationReferrer[]): string {
  const named = usedBy.slice(0, NAMED_IN_MESSAGE).map((r) => `${nouns[r.type]} “${r.name}”`);
  const more = usedBy.length - named.length;
  const list = more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
  return `It cannot be deleted: ${list} still ${usedBy.length === 1 ? "sends" : "send"} customers to it. Point them elsewhere first.`;
}

/**
 * Refuses to delete (or disable) a destination something still uses (409 ERR_DESTINATION_IN_USE,
 * naming them in the message and in `usedBy`), so no customer is routed into nothing. Call it
 * first inside the deleting transaction: the target row is locked for update, so a save pointing
 * at it either committed before (and is found here) or waits and then finds it gone
 * (assertDestination's key-share lock).
 */
export async function assertNotUsedAsDestination(tx: Db, kind: DestinationKind, id: number): Promise<void> {
  const { table } = destinationTable(kind);
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
  const usedBy = await referrersOf(tx, kind, id);
  if (usedBy.length > 0) throw new AppError("ERR_DESTINATION_IN_USE", 409, inUseMessage(usedBy), { usedBy });
}
