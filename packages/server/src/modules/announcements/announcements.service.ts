import type { Announcement, createAnnouncementBody } from "@atendo/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { announcements } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent } from "../../events/domain-events.js";
import { assertNoAnnouncementLoop } from "../destinations/announcement-loop.js";
import { assertDestination } from "../destinations/destinations.service.js";
import { deleteStage } from "../destinations/stages.service.js";
import { assertCanManageAnnouncements } from "./announcement.policy.js";
import { presentAnnouncement, type AnnouncementRow } from "./announcement.presenter.js";

/** POST and PUT take the whole form. */
type AnnouncementForm = z.output<typeof createAnnouncementBody>;

async function findAnnouncement(db: Db, id: number): Promise<AnnouncementRow> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND");
  return row;
}

/** The destination exists and does not lead back here through announcements alone. */
async function assertRoute(tx: Db, selfId: number | null, body: AnnouncementForm): Promise<void> {
  await assertDestination(tx, body.destinationType, body.destinationItem);
  await assertNoAnnouncementLoop(tx, selfId, body.destinationType, body.destinationItem);
}

function fields(body: AnnouncementForm) {
  return { name: body.name, description: body.description, destinationType: body.destinationType, destinationId: body.destinationItem };
}

export async function listAnnouncements(ctx: AppContext, actor: Actor): Promise<Announcement[]> {
  assertCanManageAnnouncements(actor);
  const rows = await ctx.db.select().from(announcements).orderBy(asc(sql`lower(${announcements.name})`), asc(announcements.id));
  return rows.map(presentAnnouncement);
}

export async function getAnnouncement(ctx: AppContext, actor: Actor, id: number): Promise<Announcement> {
  assertCanManageAnnouncements(actor);
  return presentAnnouncement(await findAnnouncement(ctx.db, id));
}

export async function createAnnouncement(ctx: AppContext, actor: Actor, body: AnnouncementForm): Promise<Announcement> {
  assertCanManageAnnouncements(actor);
  const row = await ctx.db.transaction(async (tx) => {
    await assertRoute(tx, null, body);
    return insertRow(tx, announcements, fields(body));
  });
  const announcement = presentAnnouncement(row);
  await ctx.events.emit("announcement.changed", { event: { action: "create", announcement } });
  return announcement;
}

export async function updateAnnouncement(ctx: AppContext, actor: Actor, id: number, body: AnnouncementForm): Promise<Announcement> {
  assertCanManageAnnouncements(actor);
  await findAnnouncement(ctx.db, id);
  const row = await ctx.db.transaction(async (tx) => {
    await assertRoute(tx, id, body);
    return updateRow(tx, announcements, id, fields(body), "ERR_NO_ANNOUNCEMENT_FOUND");
  });
  const announcement = presentAnnouncement(row);
  await ctx.events.emit("announcement.changed", { event: { action: "update", announcement } });
  return announcement;
}

/** Refused while a connection, a menu or another announcement leads here (409 ERR_DESTINATION_IN_USE). */
export async function deleteAnnouncement(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageAnnouncements(actor);
  await deleteStage(ctx, "announcements", id, domainEvent("announcement.changed", { event: { action: "delete", announcementId: id } }));
}
