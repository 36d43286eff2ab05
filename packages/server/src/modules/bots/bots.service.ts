import type { Bot, createBotBody, updateBotBody } from "@atendo/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { bots } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent } from "../../events/domain-events.js";
import { assertDestination } from "../destinations/destinations.service.js";
import { deleteStage } from "../destinations/stages.service.js";
import { assertCanManageBots } from "./bot.policy.js";
import { presentBot, type BotRow } from "./bot.presenter.js";

type CreateForm = z.output<typeof createBotBody>;
type UpdateForm = z.output<typeof updateBotBody>;

async function findBot(db: Db, id: number): Promise<BotRow> {
  const [row] = await db.select().from(bots).where(eq(bots.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_BOT_FOUND");
  return row;
}

/** The columns of a form; the secret only when one was given (an edit that leaves it empty keeps it). */
function fields(body: UpdateForm) {
  return {
    name: body.name,
    kind: body.kind,
    url: body.url,
    typebotId: body.kind === "typebot" ? body.typebotId : "",
    timeoutSeconds: body.timeoutSeconds,
    keywords: [...new Set(body.keywords)],
    destinationType: body.fallback.destinationType,
    destinationId: body.fallback.destinationTypeId,
    ...(body.secret ? { secret: body.secret } : {}),
  };
}

/** The bot's URL may be called (WEBHOOK_ALLOW_PRIVATE, as for webhooks) and its fallback exists. */
async function assertForm(ctx: AppContext, tx: Db, body: UpdateForm): Promise<void> {
  await ctx.webhookGuard.assertAllowed(body.url);
  await assertDestination(tx, body.fallback.destinationType, body.fallback.destinationTypeId);
}

export async function listBots(ctx: AppContext, actor: Actor): Promise<Bot[]> {
  assertCanManageBots(actor);
  const rows = await ctx.db.select().from(bots).orderBy(asc(sql`lower(${bots.name})`), asc(bots.id));
  return rows.map(presentBot);
}

export async function getBot(ctx: AppContext, actor: Actor, id: number): Promise<Bot> {
  assertCanManageBots(actor);
  return presentBot(await findBot(ctx.db, id));
}

export async function createBot(ctx: AppContext, actor: Actor, body: CreateForm): Promise<Bot> {
  assertCanManageBots(actor);
  const row = await ctx.db.transaction(async (tx) => {
    await assertForm(ctx, tx, body);
    return insertRow(tx, bots, { ...fields(body), secret: body.secret });
  });
  const bot = presentBot(row);
  await ctx.events.emit("bot.changed", { event: { action: "create", bot } });
  return bot;
}

export async function updateBot(ctx: AppContext, actor: Actor, id: number, body: UpdateForm): Promise<Bot> {
  assertCanManageBots(actor);
  await findBot(ctx.db, id);
  const row = await ctx.db.transaction(async (tx) => {
    await assertForm(ctx, tx, body);
    return updateRow(tx, bots, id, fields(body), "ERR_NO_BOT_FOUND");
  });
  const bot = presentBot(row);
  await ctx.events.emit("bot.changed", { event: { action: "update", bot } });
  return bot;
}

/**
 * Refused while a connection, a menu, an announcement or another bot leads here (409
 * ERR_DESTINATION_IN_USE); the conversations talking with it move on to their connection's
 * fallback, told so (docs/decisions/0037, 0092).
 */
export async function deleteBot(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageBots(actor);
  await deleteStage(ctx, "bots", id, domainEvent("bot.changed", { event: { action: "delete", botId: id } }));
}
