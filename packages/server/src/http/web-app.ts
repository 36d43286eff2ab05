import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AppError } from "./app-error.js";

export const defaultWebDist = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/** Serves the built SPA; unknown non-API paths get index.html so client routes work on reload. */
export async function registerWebApp(app: FastifyInstance, dist = defaultWebDist): Promise<void> {
  const hasWeb = existsSync(`${dist}/index.html`);
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path.startsWith("/api/") || path === "/api" || !hasWeb || request.method !== "GET") {
      throw new AppError("ERR_NOT_FOUND");
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
