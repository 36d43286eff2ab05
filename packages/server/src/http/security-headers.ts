import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";

/** HSTS for a year once the install says it is served over HTTPS (COOKIE_SECURE). */
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * Origins of configured logos that `https:` does not cover already (an `http:` intranet address).
 * A relative URL is the app's own origin; a `data:` logo is allowed as any data image is.
 */
function extraImageOrigins(urls: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const value of urls) {
    if (!value) continue;
    try {
      const url = new URL(value);
      if (url.protocol === "http:") origins.add(url.origin);
    } catch {
      // Not absolute: served from this origin ('self').
    }
  }
  return [...origins];
}

/**
 * The Content-Security-Policy the web app runs under (docs/decisions/0034): its own scripts only
 * (no inline script, no eval), inline styles (MUI/emotion inserts <style> elements at run time),
 * images from anywhere over HTTPS (contact pictures, white-label logos) plus data:/blob: (media
 * previews), media from blob:/data: (recorded audio), requests and the socket.io connection to
 * this origin only, and never inside a frame.
 */
export function contentSecurityPolicy(config: Pick<Config, "APP_LOGO_URL" | "LOGIN_LOGO_URL">): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:", ...extraImageOrigins([config.APP_LOGO_URL, config.LOGIN_LOGO_URL])],
    "media-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * Security headers on every answer of the app (web pages, static files, the API, errors). A
 * route that sets a stricter header keeps it: media files answer with their own sandboxing CSP.
 * Sockets are answered by socket.io outside Fastify and carry none of these (no page is served there).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, "COOKIE_SECURE" | "APP_LOGO_URL" | "LOGIN_LOGO_URL">): void {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(config),
    // frame-ancestors for browsers that predate it.
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    // Ticket and chat addresses stay inside the app: links in messages lead to outside sites.
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
  };
  if (config.COOKIE_SECURE) headers["strict-transport-security"] = `max-age=${hstsMaxAgeSeconds}`;
  const entries = Object.entries(headers);

  app.addHook("onSend", async (_request, reply, payload) => {
    for (const [name, value] of entries) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
