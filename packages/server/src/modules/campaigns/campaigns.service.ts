import {
  limits,
  type AudienceCount,
  type Campaign,
  type CampaignAction,
  type CampaignList,
  type CampaignPreview,
  type CampaignRecipient,
  type campaignListQuery,
  type CampaignAudience,
  type createCampaignBody,
  type RecipientList,
  type recipientListQuery,
  type updateCampaignBody,
} from "@atendo/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import { stat } from "node:fs/promises";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../core/app-error.js";
import { requireAdmin, type Actor } from "../../core/actor.js";
import { pageOf, pageWindow } from "../../db/paging.js";
import { campaigns, connections, contacts, queues } from "../../db/schema/index.js";
import { classifyFile, type FileKind } from "../media/file-kind.js";
import { countAudience } from "./campaign-audience.js";
import { presentCampaign, presentCampaigns, type CampaignRow } from "./campaign.presenter.js";
import { presentRecipient, recipientCount, recipientRows } from "./campaign-recipients.js";
import { actionFrom, beginSending, deletableStates, editableStates, moveCampaign } from "./campaign-states.js";
import { customFieldsOf, renderBody } from "./campaign-variables.js";
import { recentCampaignsSlot } from "./recent-campaigns.js";

type CreateForm = z.output<typeof createCampaignBody>;
type UpdateForm = z.output<typeof updateCampaignBody>;

/** A file sent with every message, stored under MEDIA_DIR. */
export interface CampaignMedia {
  name: string;
  fileName: string;
  kind: FileKind;
}

export async function findCampaign(db: Db, id: number): Promise<CampaignRow> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
  return row;
}

async function assertLinks(db: Db, form: { whatsappId?: number; queueId?: number | null }): Promise<void> {
  if (form.whatsappId !== undefined) {
    const [connection] = await db.select({ id: connections.id }).from(connections).where(eq(connections.id, form.whatsappId)).limit(1);
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
  }
  if (form.queueId !== undefined && form.queueId !== null) {
    const [queue] = await db.select({ id: queues.id }).from(queues).where(eq(queues.id, form.queueId)).limit(1);
    if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND");
  }
}

/** A file already uploaded for messages, by its stored name (a plain name under MEDIA_DIR, nothing else). */
export async function storedMedia(ctx: AppContext, name: string): Promise<CampaignMedia> {
  if (!/^[\w.-]+$/.test(name) || name.startsWith(".")) throw new AppError("ERR_MISSING_VALUES", 400, "`mediaPath` names a stored file.");
  const path = ctx.media.path(name);
  const found = await stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!found) throw new AppError("ERR_MISSING_VALUES", 400, `No stored file is called "${name}".`);
  return { name, fileName: name, kind: await classifyFile(path, "application/octet-stream", name) };
}

function mediaColumns(media: CampaignMedia | undefined) {
  return media ? { mediaName: media.name, mediaFileName: media.fileName, mediaType: media.kind.mediaType, mimeType: media.kind.mimeType } : {};
}

async function announce(ctx: AppContext, row: CampaignRow, action: "create" | "update"): Promise<Campaign> {
  const campaign = await presentCampaign(ctx.db, row);
  await ctx.events.emit("campaign.changed", { event: { action, campaign } });
  return campaign;
}

export async function listCampaigns(ctx: AppContext, actor: Actor, query: z.output<typeof campaignListQuery>): Promise<CampaignList> {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(query.pageNumber);
  const where = query.status ? eq(campaigns.status, query.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    ctx.db.select().from(campaigns).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(limit).offset(offset),
    ctx.db.$count(campaigns, where).then((count) => [count]),
  ]);
  const page = pageOf(rows);
  return { campaigns: await presentCampaigns(ctx.db, page.items), count: counted ?? 0, hasMore: page.hasMore };
}

export async function getCampaign(ctx: AppContext, actor: Actor, id: number): Promise<Campaign> {
  requireAdmin(actor);
  return presentCampaign(ctx.db, await findCampaign(ctx.db, id));
}

export async function createCampaign(ctx: AppContext, actor: Actor, form: CreateForm, upload?: CampaignMedia): Promise<Campaign> {
  requireAdmin(actor);
  await assertLinks(ctx.db, form);
  const media = upload ?? (form.mediaPath ? await storedMedia(ctx, form.mediaPath) : undefined);
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      name: form.name,
      connectionId: form.whatsappId,
      queueId: form.queueId,
      audience: form.audience,
      body: form.body,
      startAt: form.startAt ? new Date(form.startAt) : null,
      window: form.window,
      createdBy: actor.id,
      ...mediaColumns(media),
    })
    .returning();
  return announce(ctx, row!, "create");
}

/** Drafts and scheduled campaigns only: the fields given change (409 ERR_CAMPAIGN_STATE once it sends). */
export async function updateCampaign(ctx: AppContext, actor: Actor, id: number, form: UpdateForm): Promise<Campaign> {
  requireAdmin(actor);
  const current = await findCampaign(ctx.db, id);
  if (!editableStates.includes(current.status)) throw new AppError("ERR_CAMPAIGN_STATE");
  await assertLinks(ctx.db, form);
  const media = form.mediaPath ? await storedMedia(ctx, form.mediaPath) : undefined;
  const row = await moveCampaign(ctx.db, id, editableStates, {
    status: current.status,
    ...(form.name !== undefined ? { name: form.name } : {}),
    ...(form.whatsappId !== undefined ? { connectionId: form.whatsappId } : {}),
    ...(form.queueId !== undefined ? { queueId: form.queueId } : {}),
    ...(form.audience !== undefined ? { audience: form.audience } : {}),
    ...(form.body !== undefined ? { body: form.body } : {}),
    ...(form.startAt !== undefined ? { startAt: form.startAt ? new Date(form.startAt) : null } : {}),
    ...(form.window !== undefined ? { window: form.window } : {}),
    ...mediaColumns(media),
  });
  return announce(ctx, row, "update");
}

/** Not while it sends (running or paused: cancel it first); its recipients go with it, its tickets stay. */
export async function deleteCampaign(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  requireAdmin(actor);
  await findCampaign(ctx.db, id);
  const [deleted] = await ctx.db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, [...deletableStates])))
    .returning({ id: campaigns.id });
  if (!deleted) throw new AppError("ERR_CAMPAIGN_STATE");
  await ctx.events.emit("campaign.changed", { event: { action: "delete", campaignId: id } });
}

/**
 * start | pause | resume | cancel. Starting with a `startAt` ahead schedules it (the runner
 * begins it then); otherwise it begins now, its audience resolved in the same transaction
 * (400 ERR_CAMPAIGN_AUDIENCE_EMPTY when nobody is left in it, and it stays a draft).
 */
export async function actOnCampaign(ctx: AppContext, actor: Actor, id: number, action: CampaignAction, now = new Date()): Promise<Campaign> {
  requireAdmin(actor);
  const current = await findCampaign(ctx.db, id);
  if (!actionFrom[action].includes(current.status)) throw new AppError("ERR_CAMPAIGN_STATE");
  let row: CampaignRow;
  if (action === "start") {
    if (current.connectionId === null) throw new AppError("ERR_NO_WAPP_FOUND");
    if (current.startAt && current.startAt > now) {
      if ((await countAudience(ctx.db, current.audience, id)).total === 0) throw new AppError("ERR_CAMPAIGN_AUDIENCE_EMPTY");
      row = await moveCampaign(ctx.db, id, actionFrom.start, { status: "scheduled" });
    } else {
      row = await ctx.db.transaction(async (tx) => {
        const begun = await beginSending(tx, current, actionFrom.start, now);
        if (begun.recipients === 0) throw new AppError("ERR_CAMPAIGN_AUDIENCE_EMPTY");
        return begun.row;
      });
      ctx.slots.get(recentCampaignsSlot).forget();
    }
  } else if (action === "pause") {
    row = await moveCampaign(ctx.db, id, actionFrom.pause, { status: "paused" });
  } else if (action === "resume") {
    row = await moveCampaign(ctx.db, id, actionFrom.resume, { status: "running" });
  } else {
    row = await moveCampaign(ctx.db, id, actionFrom.cancel, { status: "cancelled", finishedAt: now });
  }
  return announce(ctx, row, "update");
}

export async function campaignAudienceCount(ctx: AppContext, actor: Actor, audience: CampaignAudience): Promise<AudienceCount> {
  requireAdmin(actor);
  return countAudience(ctx.db, audience, null);
}

/** The body as one contact will read it, by the runner's own renderer. */
export async function previewCampaign(ctx: AppContext, actor: Actor, body: string, contactId: number): Promise<CampaignPreview> {
  requireAdmin(actor);
  const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, contactId)).limit(1);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const fields = (await customFieldsOf(ctx.db, [contact.id])).get(contact.id) ?? new Map<string, string>();
  return { body: renderBody(body, { name: contact.name, number: contact.number, fields }) };
}

export async function listRecipients(ctx: AppContext, actor: Actor, id: number, query: z.output<typeof recipientListQuery>): Promise<RecipientList> {
  requireAdmin(actor);
  await findCampaign(ctx.db, id);
  const [rows, count] = await Promise.all([
    recipientRows(ctx.db, id, query.status, pageWindow(query.pageNumber, limits.pageSize)),
    recipientCount(ctx.db, id, query.status),
  ]);
  const page = pageOf(rows, limits.pageSize);
  return { recipients: page.items.map(presentRecipient), count, hasMore: page.hasMore };
}

/** Every recipient (of one status when given), for the CSV report. */
export async function allRecipients(ctx: AppContext, actor: Actor, id: number, status: CampaignRecipient["status"] | undefined): Promise<{ campaign: CampaignRow; recipients: CampaignRecipient[] }> {
  requireAdmin(actor);
  const campaign = await findCampaign(ctx.db, id);
  return { campaign, recipients: (await recipientRows(ctx.db, id, status)).map(presentRecipient) };
}
