import { idParam, okResponse, twoFactorCodeBody, twoFactorEnableResponse, twoFactorSetupResponse, twoFactorStatus as twoFactorStatusResponse } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, ok, typed } from "../../core/route-kit.js";
import { resetUserTwoFactor } from "./two-factor-reset.service.js";
import { disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorStatus } from "./two-factor.service.js";

const tags = ["auth"];
/** The calls a sign-in that must enrol may make (decision 0095). */
const beforeEnrolment = { allowedBeforeEnrolment: true };

/** The signed-in user's own second factor (TOTP), and an admin's reset of someone's (decision 0095). */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/auth/2fa", { config: beforeEnrolment, schema: { tags, response: { 200: twoFactorStatusResponse } } }, async (request) =>
    twoFactorStatus(ctx, actorOf(request)),
  );

  r.post("/api/auth/2fa/setup", { config: beforeEnrolment, schema: { tags, response: { 200: twoFactorSetupResponse, ...errorResponses(409) } } }, async (request) =>
    setupTwoFactor(ctx, actorOf(request)),
  );

  r.post(
    "/api/auth/2fa/enable",
    { config: beforeEnrolment, schema: { tags, body: twoFactorCodeBody, response: { 200: twoFactorEnableResponse, ...errorResponses(401, 409) } } },
    async (request) => ({ recoveryCodes: await enableTwoFactor(ctx, actorOf(request), request.body.code) }),
  );

  r.post(
    "/api/auth/2fa/disable",
    { schema: { tags, body: twoFactorCodeBody, response: { 200: okResponse, ...errorResponses(401, 403, 409) } } },
    async (request) => ok(disableTwoFactor(ctx, actorOf(request), request.body.code)),
  );

  r.post(
    "/api/users/:id/2fa/reset",
    { schema: { tags: ["users"], params: idParam, response: { 200: okResponse, ...errorResponses(403, 404) } } },
    async (request) => ok(resetUserTwoFactor(ctx, actorOf(request), request.params.id)),
  );
}
