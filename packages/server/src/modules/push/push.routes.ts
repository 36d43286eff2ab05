import { idParam, okResponse, pushPublicKey, pushSubscription, pushSubscriptionBody, pushSubscriptionList } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { listOwnSubscriptions, subscribe, unsubscribe } from "./push-subscriptions.service.js";

const tags = ["push"];

/** Web Push (docs/decisions/0042): every signed-in user, for their own browsers only. */
export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/push/public-key", { schema: { tags, response: { 200: pushPublicKey } } }, async () => ({ publicKey: (await ctx.push.keys()).publicKey }));

  r.get("/api/push/subscriptions", { schema: { tags, response: { 200: pushSubscriptionList } } }, async (request) => ({
    subscriptions: await listOwnSubscriptions(ctx, actorOf(request)),
  }));

  r.post(
    "/api/push/subscriptions",
    { config: { rateLimit: { max: 30, timeWindow: "1 hour" } }, schema: { tags, body: pushSubscriptionBody, response: { 201: pushSubscription, ...errorResponses(400) } } },
    async (request, reply) => reply.status(201).send(await subscribe(ctx, actorOf(request), request.body)),
  );

  r.delete("/api/push/subscriptions/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(404) } } }, async (request) =>
    ok(unsubscribe(ctx, actorOf(request), request.params.id)),
  );
}
