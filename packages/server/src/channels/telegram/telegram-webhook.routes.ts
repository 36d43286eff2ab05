import { connectionIdParam, okResponse } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { errorResponses, typed } from "../../core/route-kit.js";
import { connections } from "../../db/schema/index.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { ChannelTokenThrottle } from "../api/channel-token-throttle.js";
import { botApi, webhookSecret } from "./bot-api.js";
import { handleUpdate } from "./telegram-driver.js";
import type { TgUpdate } from "./updates.js";

declare module "fastify" {
  interface FastifyRequest {
    telegramConnection: ConnectionRow | null;
  }
}

const id = z.number().int();
/**
 * An update as Telegram posts it: the fields Atendo reads are checked, the rest passes
 * (Telegram's shape, not Atendo's contract: https://core.telegram.org/bots/api#update).
 */
const message = z.looseObject({
  message_id: id.positive(),
  date: id.nonnegative(),
  chat: z.looseObject({ id, type: z.string() }),
});
const telegramUpdate = z.looseObject({ update_id: id.nonnegative(), message: message.optional(), edited_message: message.optional() });

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Telegram's webhook of a connection in webhook mode (PUBLIC_URL set; docs/channels/telegram.md).
 * Public to the user auth hook: Telegram proves itself with the secret given to setWebhook,
 * sent back in `X-Telegram-Bot-Api-Secret-Token` and checked in constant time before the body
 * is read; wrong secrets are throttled like the API channel's tokens. Whichever instance
 * receives an update stores it (answered events): a failure answers an error, so Telegram
 * delivers it again, and a redelivery is a no-op.
 */
export function telegramWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  app.decorateRequest("telegramConnection", null);
  const throttle = new ChannelTokenThrottle();

  const onRequest = async (request: FastifyRequest) => {
    const raw = Number((request.params as { connectionId?: string }).connectionId);
    const connectionId = Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
    const [row] = await ctx.db
      .select()
      .from(connections)
      .where(and(eq(connections.id, connectionId), eq(connections.kind, "telegram")))
      .limit(1);
    const token = row?.channelSecrets?.botToken;
    // Polling mode has no webhook: nothing may post here then.
    const expected = token && ctx.config.PUBLIC_URL ? webhookSecret(token, connectionId) : "";
    const given = request.headers["x-telegram-bot-api-secret-token"];
    const secret = typeof given === "string" ? given : "";
    if (!row || !expected || !secret || !timingSafeEqual(digest(secret), digest(expected))) {
      throttle.check(request.ip, connectionId);
      throttle.recordFailure(request.ip, connectionId);
      throw new AppError("ERR_INVALID_CHANNEL_TOKEN");
    }
    throttle.recordSuccess(request.ip, connectionId);
    request.telegramConnection = row;
  };

  r.post(
    "/api/channels/telegram/:connectionId/webhook",
    {
      config: { public: true },
      onRequest,
      schema: {
        tags: ["Telegram"],
        summary: "Telegram's updates of a bot in webhook mode",
        description: "Called by Telegram with the secret given to setWebhook in `X-Telegram-Bot-Api-Secret-Token`.",
        params: connectionIdParam,
        body: telegramUpdate,
        response: { 200: okResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const connection = request.telegramConnection;
      if (!connection) throw new AppError("ERR_INVALID_CHANNEL_TOKEN");
      const events = ctx.channels.requestEvents(connection);
      const api = botApi(ctx.config.TELEGRAM_API_URL, connection.channelSecrets?.botToken ?? "");
      await handleUpdate(
        api,
        request.body as unknown as TgUpdate,
        { message: (m) => events.receiveMessage(m), edit: (externalId, body) => events.onEdit(externalId, body) },
        request.log,
      );
      return { ok: true as const };
    },
  );
}
