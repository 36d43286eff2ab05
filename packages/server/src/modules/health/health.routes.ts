import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { errorResponses, typed } from "../../core/route-kit.js";
import { pendingMigrations } from "../../db/migration-status.js";

const status = z.object({ status: z.literal("ok") });

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const options = { config: { public: true, rateLimit: false as const } };
  r.get("/api/health", { ...options, schema: { tags: ["health"], response: { 200: status } } }, async () => ({
    status: "ok" as const,
  }));
  r.get(
    "/api/ready",
    { ...options, schema: { tags: ["health"], response: { 200: status, ...errorResponses(503) } } },
    async () => {
      if (!(await ctx.database.ping())) throw new AppError("ERR_DATABASE_UNAVAILABLE");
      // An instance of a newer release on a database not yet migrated (another instance migrating, a failed migration) must not take traffic.
      const pending = await pendingMigrations(ctx.db).catch(() => null);
      if (pending === null) throw new AppError("ERR_SERVICE_UNAVAILABLE");
      if (pending.length > 0) throw new AppError("ERR_MIGRATIONS_PENDING", undefined, `Migrations not applied: ${pending.join(", ")}.`);
      return { status: "ok" as const };
    },
  );
}
