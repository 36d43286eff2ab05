import { aboutResponse, errorResponse } from "@atendo/contracts";
import { and, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AppContext } from "../../context.js";
import { users } from "../../db/schema/index.js";
import { actorOf } from "../../core/route-kit.js";
import { requireAdmin } from "../../core/actor.js";
import { typed } from "../../core/route-kit.js";

/** Version of the WhatsApp library when installed, so the About page shows what runs. */
async function messagingLibraryVersion(): Promise<string> {
  try {
    const path = createRequire(import.meta.url).resolve("baileys/package.json");
    return (JSON.parse(await readFile(path, "utf8")) as { version: string }).version;
  } catch {
    return "not installed";
  }
}

export function aboutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const libVersion = messagingLibraryVersion();
  typed(app).get(
    "/api/about",
    { schema: { tags: ["about"], response: { 200: aboutResponse, 403: errorResponse } } },
    async (request) => {
      requireAdmin(actorOf(request));
      const active = eq(users.isDeleted, false);
      const [all] = await ctx.db.select({ n: count() }).from(users).where(active);
      const [admins] = await ctx.db
        .select({ n: count() })
        .from(users)
        .where(and(active, eq(users.profile, "admin")));
      return {
        usersCount: all?.n ?? 0,
        administrators: admins?.n ?? 0,
        libVersion: await libVersion,
        tagVersion: ctx.config.APP_VERSION,
      };
    },
  );
}
