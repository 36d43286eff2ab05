import type { DestinationKind, MonitoringStatus, WeeklyHours } from "@atendo/contracts";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { announcements, bots, monitorings, queues, uras, users } from "../../db/schema/index.js";
import type { Menu } from "./menu.js";
import type { QueueClockRow } from "../tickets/sla-clock.js";
import { queueClockFields } from "../tickets/sla-clock.repo.js";

export interface QueueStop extends QueueClockRow {
  id: number;
  greetingMessage: string;
  businessHours: WeeklyHours | null;
  outOfHoursMessage: string;
}

export interface AnnouncementStop {
  id: number;
  description: string;
  destinationType: DestinationKind;
  destinationId: number;
}

export interface MonitoringStop {
  id: number;
  status: MonitoringStatus;
  userId: number;
  queueId: number | null;
  /** Its queue's SLA targets and hours (null when it names no queue). */
  queue: QueueClockRow | null;
}

/**
 * What routing reads, one query each: the stop a destination names, or undefined when it is gone
 * (a user removed, a queue deleted meanwhile). Tests and the benchmark count these round trips.
 */
export interface RouteLoader {
  queue(id: number): Promise<QueueStop | undefined>;
  /** An active user. */
  user(id: number): Promise<{ id: number } | undefined>;
  menu(id: number): Promise<Menu | undefined>;
  announcement(id: number): Promise<AnnouncementStop | undefined>;
  monitoring(id: number): Promise<MonitoringStop | undefined>;
  /** A bot (its stage holds the conversation while it talks, docs/decisions/0092). */
  bot(id: number): Promise<{ id: number } | undefined>;
  /** The active user with this extension (direct dial), the oldest account when two share one. */
  userByExtension(extension: string): Promise<{ id: number } | undefined>;
}

// Spelled out with its own alias: drizzle writes a single-table query's columns unqualified, and
// "id" inside the subquery would then be the option's own.
const menuOptions = sql<{ selector: string; menuName: string; destinationType: DestinationKind; destinationId: number }[]>`coalesce((
  select json_agg(json_build_object('selector', i.selector, 'menuName', i.menu_name,
    'destinationType', i.destination_type, 'destinationId', i.destination_id) order by i.position, i.id)
  from ura_items i where i.ura_id = "uras"."id"), '[]'::json)`;

export function databaseRouteLoader(db: Db): RouteLoader {
  const first = <T>(rows: T[]) => rows[0];
  /** The user `where` names, unless removed: a removed user is not handed conversations. */
  const activeUser = async (where: SQL) =>
    first(
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(where, eq(users.isDeleted, false)))
        .orderBy(asc(users.id))
        .limit(1),
    );
  return {
    queue: async (id) =>
      first(
        await db
          .select({ id: queues.id, greetingMessage: queues.greetingMessage, outOfHoursMessage: queues.outOfHoursMessage, ...queueClockFields })
          .from(queues)
          .where(eq(queues.id, id)),
      ),
    user: (id) => activeUser(eq(users.id, id)),
    menu: async (id) => {
      const row = first(
        await db
          .select({ id: uras.id, name: uras.name, description: uras.description, directDial: uras.directDial, options: menuOptions })
          .from(uras)
          .where(eq(uras.id, id)),
      );
      if (!row) return undefined;
      const options = row.options.map((option) => ({
        selector: option.selector,
        menuName: option.menuName,
        destination: { destinationType: option.destinationType, destinationTypeId: option.destinationId },
      }));
      return { id: row.id, name: row.name, description: row.description, directDial: row.directDial, options };
    },
    announcement: async (id) =>
      first(
        await db
          .select({
            id: announcements.id,
            description: announcements.description,
            destinationType: announcements.destinationType,
            destinationId: announcements.destinationId,
          })
          .from(announcements)
          .where(eq(announcements.id, id)),
      ),
    monitoring: async (id) =>
      first(
        await db
          .select({ id: monitorings.id, status: monitorings.status, userId: monitorings.userId, queueId: monitorings.queueId, queue: queueClockFields })
          .from(monitorings)
          .innerJoin(users, and(eq(users.id, monitorings.userId), eq(users.isDeleted, false)))
          .leftJoin(queues, eq(queues.id, monitorings.queueId))
          .where(eq(monitorings.id, id)),
      ),
    bot: async (id) => first(await db.select({ id: bots.id }).from(bots).where(eq(bots.id, id))),
    userByExtension: (extension) => activeUser(eq(users.extension, extension)),
  };
}

/**
 * The same reads, each stop read once: for many routing steps in one transaction (a group
 * commit's menu answers), where hundreds of customers answer the same few menus.
 */
export function memoizedRouteLoader(loader: RouteLoader): RouteLoader {
  const cache = new Map<string, Promise<unknown>>();
  const once =
    <K extends string | number, T>(kind: string, read: (key: K) => Promise<T>) =>
    (key: K): Promise<T> => {
      const name = `${kind}:${key}`;
      if (!cache.has(name)) cache.set(name, read(key));
      return cache.get(name) as Promise<T>;
    };
  return {
    queue: once("queue", loader.queue),
    user: once("user", loader.user),
    menu: once("menu", loader.menu),
    announcement: once("announcement", loader.announcement),
    monitoring: once("monitoring", loader.monitoring),
    bot: once("bot", loader.bot),
    userByExtension: once("extension", loader.userByExtension),
  };
}
