import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Config } from "../config.js";
import { AppError } from "../core/app-error.js";

export const defaultWebDist = fileURLToPath(new URL("../../../web/dist", import.meta.url));
const webPublic = fileURLToPath(new URL("../../../web/public", import.meta.url));
const manifestFile = "manifest.webmanifest";

// Cache policy (docs/decisions/0043-web-delivery.md): files under /assets/ carry a content hash in
// their name, so a browser keeps them for a year without asking; every other file (index.html, the
// service worker, icons) keeps its name across releases and is revalidated on each use.
export const hashedAssetCacheControl = "public, max-age=31536000, immutable";
export const unhashedCacheControl = "no-cache";

/** Source maps stay on disk for debugging; precompressed twins are served in place of their original. */
const hiddenFiles = ["**/*.map", "**/*.br", "**/*.gz"];

/** Serves the built SPA; unknown non-API paths get index.html so client routes work on reload. */
export async function registerWebApp(app: FastifyInstance, config: Pick<Config, "WEB_DIST" | "APP_TITLE">): Promise<void> {
  const dist = config.WEB_DIST ?? defaultWebDist;
  const hasWeb = existsSync(`${dist}/index.html`);
  registerManifest(app, dist, config.APP_TITLE);
  if (hasWeb) {
    // The manifest is ours (above); a second route for the built file would clash with it.
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      globIgnore: [manifestFile, ...hiddenFiles],
      // x.js.br / x.js.gz written at build (packages/web/build/precompress-plugin.ts), chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        const hashed = path.startsWith(`${dist}/assets/`);
        response.setHeader("cache-control", hashed ? hashedAssetCacheControl : unhashedCacheControl);
        // The same URL answers br, gzip or plain bytes: shared caches must key on what was accepted.
        response.setHeader("vary", "accept-encoding");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // A missing asset or map is a 404, never index.html: a stale chunk must fail as a script, not parse HTML.
    const isFile = path.startsWith("/assets/") || path.endsWith(".map");
    if (path.startsWith("/api/") || path === "/api" || isFile || !hasWeb || request.method !== "GET") {
      throw new AppError("ERR_NOT_FOUND");
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}

/**
 * The web manifest with the configured title (white-label at run time, no rebuild): the web app's
 * own manifest (built, else its source) with `name` and `short_name` replaced.
 */
function registerManifest(app: FastifyInstance, dist: string, title: string): void {
  const source = [`${dist}/${manifestFile}`, `${webPublic}/${manifestFile}`].find((path) => existsSync(path));
  if (!source) return;
  const manifest = JSON.stringify({ ...(JSON.parse(readFileSync(source, "utf8")) as object), name: title, short_name: title });
  app.get(`/${manifestFile}`, { schema: { hide: true } }, (_request, reply) =>
    reply.type("application/manifest+json").header("cache-control", "no-cache").send(manifest),
  );
}
