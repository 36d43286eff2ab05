import type { ErrorCode } from "@atendo/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context.js";
import { setRefreshCookie } from "../auth/refresh-cookie.js";
import { flowCookieName, flowCookiePath, flowTtlSeconds, OidcProviderClient, ssoErrorCode } from "./oidc-provider-client.js";
import { accountForIdentity, openSession, SsoRefusal } from "./sso-sign-in.service.js";

const tags = ["auth"];

/** Where the login page picks up: it trades the new refresh cookie for a session, or shows the code. */
export const ssoLandingPath = "/login?sso=signedIn";
const ssoErrorPath = (code: ErrorCode) => `/login?ssoError=${code}`;

/**
 * Single sign-on with the OpenID provider of OIDC_ISSUER (docs/decisions/0098). Both routes are
 * browser navigations: every outcome is a redirect to the login page, with a catalogued code on
 * failure. Registered whether configured or not, so an old bookmark reads ERR_SSO_NOT_CONFIGURED.
 */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { config } = ctx;
  const provider =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID
      ? new OidcProviderClient({ ...config, OIDC_ISSUER: config.OIDC_ISSUER, OIDC_CLIENT_ID: config.OIDC_CLIENT_ID }, ctx.jwtKey)
      : null;

  const clearFlowCookie = (reply: FastifyReply) => void reply.clearCookie(flowCookieName, { path: flowCookiePath });

  app.get(
    "/api/auth/oidc/start",
    { config: { public: true, rateLimit: { max: 30, timeWindow: "1 minute" } }, schema: { tags, summary: "Redirects to the OpenID provider" } },
    async (request, reply) => {
      if (!provider) return reply.redirect(ssoErrorPath("ERR_SSO_NOT_CONFIGURED"));
      try {
        const { url, flowCookie } = await provider.start();
        // Lax: the provider's redirect back is a cross-site navigation, which a Strict cookie would miss.
        void reply.setCookie(flowCookieName, flowCookie, {
          httpOnly: true,
          sameSite: "lax",
          secure: config.COOKIE_SECURE,
          path: flowCookiePath,
          maxAge: flowTtlSeconds,
        });
        return reply.redirect(url);
      } catch (error) {
        request.log.warn({ err: error }, "single sign-on: the provider could not be reached");
        return reply.redirect(ssoErrorPath(ssoErrorCode(error)));
      }
    },
  );

  app.get(
    "/api/auth/oidc/callback",
    { config: { public: true, rateLimit: { max: 30, timeWindow: "1 minute" } }, schema: { tags, summary: "The OpenID provider's redirect back" } },
    async (request, reply) => {
      if (!provider) return reply.redirect(ssoErrorPath("ERR_SSO_NOT_CONFIGURED"));
      clearFlowCookie(reply);
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
      let email = "";
      try {
        const identity = await provider.finish(query, request.cookies[flowCookieName]);
        email = identity.email ?? "";
        const user = await accountForIdentity(ctx, identity);
        setRefreshCookie(reply, config, await openSession(ctx, user));
        await ctx.events.emit("auth.signIn", { userId: user.id, email, method: "oidc", outcome: "success" });
        return reply.redirect(ssoLandingPath);
      } catch (error) {
        const code = ssoErrorCode(error);
        if (!(error instanceof SsoRefusal)) request.log.warn({ err: error }, `single sign-on refused: ${code}`);
        const userId = error instanceof SsoRefusal ? error.userId : null;
        await ctx.events.emit("auth.signIn", { userId, email, method: "oidc", outcome: "failure", reason: code });
        return reply.redirect(ssoErrorPath(code));
      }
    },
  );
}
