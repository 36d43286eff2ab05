import { refreshCookieName, whaticketPath } from "@atendo/contracts";
import type { FastifyReply } from "fastify";
import type { Config } from "../../config.js";

/**
 * Where the browser sends the refresh cookie back: Atendo's own /api/auth, /auth for a client
 * of the spec's family served at the site root behind a proxy that adds /api (its refresh call
 * is /auth/refresh_token there), and /whaticket/auth for the Whaticket web client built for the
 * /whaticket dialect. Every path stays narrow: no other request carries the cookie
 * (docs/decisions/0047 and 0066, docs/compatibility.md).
 */
export const refreshCookiePaths = ["/api/auth", "/auth", `${whaticketPath}/auth`] as const;

/** The refresh cookie of a new sign-in (password, second step or single sign-on), on every path. */
export function setRefreshCookie(reply: FastifyReply, config: Config, refreshToken: string): void {
  for (const path of refreshCookiePaths) {
    void reply.setCookie(refreshCookieName, refreshToken, {
      httpOnly: true,
      sameSite: "strict",
      secure: config.COOKIE_SECURE,
      path,
      maxAge: config.REFRESH_TOKEN_TTL_DAYS * 86_400,
    });
  }
}
