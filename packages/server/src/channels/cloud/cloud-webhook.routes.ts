import { connectionIdParam } from "@atendo/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { errorResponses, typed } from "../../core/route-kit.js";
import { ChannelTokenThrottle } from "../api/channel-token-throttle.js";
import { loadCloudAccount, type CloudAccount } from "./cloud-account.js";
import { receiveCloudWebhook, validSignature, type CloudWebhookPayload } from "./cloud-webhook.js";
import { graphClient } from "./graph-client.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The webhook's body as it came (its signature is computed over these bytes). */
    rawBody?: Buffer;
  }
}

const tags = ["WhatsApp Cloud API"];
const path = "/api/channels/whatsapp-cloud/:connectionId/webhook";

const verificationQuery = z.object({
  "hub.mode": z.string().max(50).optional(),
  "hub.verify_token": z.string().max(200).optional(),
  "hub.challenge": z.string().max(200).optional(),
});

/**
 * Meta's webhook for a Cloud API connection (docs/channels/whatsapp-cloud.md). Public to the user
 * auth hook: GET answers the verification challenge to whoever knows the connection's verify
 * token; POST is taken only with a valid `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with
 * the app secret). Wrong tokens and signatures are counted per address and per connection like
 * the API channel's (429 past the limits); an unknown connection answers like a wrong secret.
 * In its own plugin: the JSON body is kept raw here, for the signature.
 */
export function cloudWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = new ChannelTokenThrottle();
  const refuse = (ip: string, connectionId: number): never => {
    throttle.check(ip, connectionId);
    throttle.recordFailure(ip, connectionId);
    throw new AppError("ERR_INVALID_CHANNEL_TOKEN");
  };
  const accountOf = async (request: FastifyRequest, connectionId: number): Promise<CloudAccount | null> => {
    throttle.check(request.ip, connectionId);
    return loadCloudAccount(ctx.db, connectionId);
  };

  void app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (request, body, done) => {
      request.rawBody = body as Buffer;
      done(null, {});
    });
    const r = typed(scope);

    r.get(
      path,
      {
        config: { public: true },
        schema: {
          tags,
          summary: "Meta's webhook verification: answers hub.challenge when hub.verify_token is the connection's",
          params: connectionIdParam,
          querystring: verificationQuery,
          response: { 200: z.string(), ...errorResponses(401, 429) },
        },
      },
      async (request, reply) => {
        const { connectionId } = request.params;
        const account = await accountOf(request, connectionId);
        const query = request.query;
        const token = Buffer.from(query["hub.verify_token"] ?? "");
        const expected = Buffer.from(account?.verifyToken ?? "");
        const matches = expected.length > 0 && token.length === expected.length && timingSafeEqual(token, expected);
        if (!account || query["hub.mode"] !== "subscribe" || !matches) return refuse(request.ip, connectionId);
        throttle.recordSuccess(request.ip, connectionId);
        return reply.type("text/plain").send(query["hub.challenge"] ?? "");
      },
    );

    r.post(
      path,
      {
        config: { public: true },
        schema: {
          tags,
          summary: "Meta's webhook: customers' messages and the statuses of Atendo's (signed with the app secret)",
          params: connectionIdParam,
          response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(401, 429) },
        },
      },
      async (request) => {
        const { connectionId } = request.params;
        const account = await accountOf(request, connectionId);
        const raw = request.rawBody ?? Buffer.alloc(0);
        if (!account || !validSignature(account.appSecret, raw, request.headers["x-hub-signature-256"] as string | undefined)) return refuse(request.ip, connectionId);
        throttle.recordSuccess(request.ip, connectionId);
        let payload: unknown;
        try {
          payload = JSON.parse(raw.toString("utf8"));
        } catch {
          payload = undefined;
        }
        if (!payload || typeof payload !== "object") throw new AppError("ERR_MISSING_VALUES", 400, "The body is not a JSON object.");
        await receiveCloudWebhook(ctx, account, graphClient(ctx.config.WHATSAPP_CLOUD_API_URL, account.accessToken), payload as CloudWebhookPayload);
        return { ok: true as const };
      },
    );
  });
}
