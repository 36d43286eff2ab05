import type { createTagBody, Tag, TagUsage, updateTagBody } from "@atendo/contracts";
import { asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { contactTags, tags, ticketTags } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanManageTags } from "./tag.policy.js";

type TagRow = typeof tags.$inferSelect;

function presentTag(row: TagRow): Tag {
  return { id: row.id, name: row.name, color: row.color };
}

async function findTag(db: Db, id: number): Promise<TagRow> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_TAG_FOUND");
  return row;
}

/** A written tag as the API shows it, announced to everyone signed in. */
async function announceWritten(ctx: AppContext, action: "create" | "update", row: TagRow): Promise<Tag> {
  const tag = presentTag(row);
  await ctx.events.emit("tag.changed", { event: { action, tag } });
  return tag;
}

/** Every label, by name: few enough for one answer (the pickers and filters show them all). */
export async function listTags(ctx: AppContext): Promise<Tag[]> {
  const rows = await ctx.db.select().from(tags).orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return rows.map(presentTag);
}

export async function getTag(ctx: AppContext, id: number): Promise<Tag> {
  return presentTag(await findTag(ctx.db, id));
}

/** A name in use whatever its case answers ERR_TAG_NAME_EXISTS (tags_name_key, core/db-errors.ts). */
export async function createTag(ctx: AppContext, actor: Actor, body: z.output<typeof createTagBody>): Promise<Tag> {
  assertCanManageTags(actor);
  return announceWritten(ctx, "create", await insertRow(ctx.db, tags, body));
}

export async function updateTag(ctx: AppContext, actor: Actor, id: number, body: z.output<typeof updateTagBody>): Promise<Tag> {
  assertCanManageTags(actor);
  return announceWritten(ctx, "update", await updateRow(ctx.db, tags, id, { name: body.name, color: body.color }, "ERR_NO_TAG_FOUND"));
}

/** How many tickets and contacts carry the tag (its delete confirmation), by ticket_tags_tag_idx and contact_tags_tag_idx. */
export async function tagUsage(ctx: AppContext, actor: Actor, id: number): Promise<TagUsage> {
  assertCanManageTags(actor);
  await findTag(ctx.db, id);
  const [ticketCount, contactCount] = await Promise.all([
    ctx.db.select({ n: count() }).from(ticketTags).where(eq(ticketTags.tagId, id)),
    ctx.db.select({ n: count() }).from(contactTags).where(eq(contactTags.tagId, id)),
  ]);
  return { tickets: ticketCount[0]?.n ?? 0, contacts: contactCount[0]?.n ?? 0 };
}

/**
 * Takes the tag off every ticket and contact (their links go with it, ON DELETE CASCADE). One
 * `tag` delete event tells every client, which drops it from what it holds: announcing each
 * ticket and contact that carried it would be thousands of events for one click.
 */
export async function deleteTag(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageTags(actor);
  const [removed] = await ctx.db.delete(tags).where(eq(tags.id, id)).returning({ id: tags.id });
  if (!removed) throw new AppError("ERR_NO_TAG_FOUND");
  await ctx.events.emit("tag.changed", { event: { action: "delete", tagId: id } });
}
