import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { sessions, users } from "../db/schema/index.js";
import { verifyAccessToken } from "../modules/auth/tokens.js";
import type { UserRow } from "../modules/users/user.presenter.js";
import { AppError } from "./app-error.js";

/** The signed-in user acting on a request. */
export type Actor = UserRow & { sessionId: string };

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes are private unless they say so: security by default. */
    public?: boolean;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return match?.[1];
}

/** Verifies an access token and loads its user and session: one query per request. */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<Actor> {
  if (!token) throw new AppError("ERR_SESSION_EXPIRED");
  const claims = await verifyAccessToken(ctx.jwtKey, token);
  const sessionId = claims.sessionId;
  const [row] = await ctx.db
    .select({ user: users })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .where(eq(users.id, claims.userId))
    .limit(1);
  if (!row || row.user.isDeleted || row.user.tokenVersion !== claims.tokenVersion) {
    throw new AppError("ERR_SESSION_EXPIRED");
  }
  return { ...row.user, sessionId };
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("actor", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/") || request.routeOptions.config?.public) return;
    if (request.url.startsWith("/api/docs")) return; // the API reference is public
    if (!request.routeOptions.url) return; // unknown route: let the 404 handler answer
    request.actor = await authenticate(ctx, bearerToken(request.headers.authorization));
  });
}

/** The actor of a private route (the hook guarantees it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError("ERR_SESSION_EXPIRED");
  return request.actor;
}

export function requireAdmin(actor: Actor): void {
  if (actor.profile !== "admin") throw new AppError("ERR_NO_PERMISSION");
}
