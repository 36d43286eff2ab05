import {
  forgotPasswordBody,
  loginBody,
  loginResponse,
  loginSecondFactorBody,
  okResponse,
  refreshCookieName,
  resetPasswordBody,
  signedInResponse,
  signupBody,
  user,
} from "@atendo/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { authenticate, bearerToken } from "./authenticate.js";
import { errorResponses, ok, typed } from "../../core/route-kit.js";
import { requestPasswordReset, resetPassword } from "./password-reset.service.js";
import { login, logout, refresh, signup, type IssuedSession } from "./auth.service.js";
import { refreshCookiePaths, setRefreshCookie } from "./refresh-cookie.js";
import { loginSecondFactor } from "./second-factor-login.service.js";

const tags = ["auth"];

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  function sendSession(reply: FastifyReply, session: IssuedSession) {
    if (session.refreshToken) setRefreshCookie(reply, ctx.config, session.refreshToken);
    const { refreshToken: _kept, ...answer } = session;
    return answer;
  }

  r.post(
    "/api/auth/login",
    {
      config: { public: true },
      schema: { tags, body: loginBody, response: { 200: loginResponse, ...errorResponses(401, 429) } },
    },
    async (request, reply) => {
      const outcome = await login(ctx, request.body, request.ip);
      return "challengeToken" in outcome ? outcome : sendSession(reply, outcome);
    },
  );

  // The code step of a sign-in with a second factor (decision 0095): answered as the password's sign-in.
  r.post(
    "/api/auth/login/2fa",
    {
      config: { public: true },
      schema: { tags, body: loginSecondFactorBody, response: { 200: signedInResponse, ...errorResponses(401, 429) } },
    },
    async (request, reply) => sendSession(reply, await loginSecondFactor(ctx, request.body, request.ip)),
  );

  r.post(
    "/api/auth/refresh_token",
    { config: { public: true }, schema: { tags, response: { 200: signedInResponse, ...errorResponses(401) } } },
    async (request, reply) => sendSession(reply, await refresh(ctx, request.cookies[refreshCookieName])),
  );

  r.delete(
    "/api/auth/logout",
    { config: { public: true }, schema: { tags, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      const actor = await authenticate(ctx, bearerToken(request.headers.authorization)).catch(() => undefined);
      await logout(ctx, request.cookies[refreshCookieName], actor?.sessionId);
      for (const path of refreshCookiePaths) void reply.clearCookie(refreshCookieName, { path });
      return { ok: true as const };
    },
  );

  r.post(
    "/api/auth/signup",
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: "15 minutes" } },
      schema: { tags, body: signupBody, response: { 201: user, ...errorResponses(403, 409) } },
    },
    async (request, reply) => reply.status(201).send(await signup(ctx, request.body)),
  );

  // "Forgot password?" (docs/decisions/0033): the same answer whether the email is known or not.
  r.post(
    "/api/auth/forgot-password",
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: "15 minutes" } },
      schema: { tags, body: forgotPasswordBody, response: { 200: okResponse, ...errorResponses(403, 429) } },
    },
    async (request) => ok(requestPasswordReset(ctx, request.body.email, request.body.language)),
  );

  r.post(
    "/api/auth/reset-password",
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: "15 minutes" } },
      schema: { tags, body: resetPasswordBody, response: { 200: okResponse, ...errorResponses(400, 429) } },
    },
    async (request) => ok(resetPassword(ctx, request.body.token, request.body.password)),
  );
}
