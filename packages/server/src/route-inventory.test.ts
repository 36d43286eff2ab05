import type { RouteOptions } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "./test/harness.js";
import type { RouteCall } from "./test/route-guards.js";

/** Every route as the app registers it, through Fastify's own onRoute hook. */
const registered: { method: string; url: string; public: boolean }[] = [];
function hear(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    // HEAD routes are Fastify's automatic twins of GET routes.
    if (method === "HEAD") continue;
    registered.push({ method, url: route.url, public: (route.config as { public?: boolean } | undefined)?.public === true });
  }
}

const webchatRoutes = [
  "GET /api/webchat/:widgetKey/config",
  "GET /api/webchat/:widgetKey/media/:name",
  "GET /api/webchat/:widgetKey/messages",
  "OPTIONS /api/webchat/:widgetKey/*",
  "POST /api/webchat/:widgetKey/files",
  "POST /api/webchat/:widgetKey/messages",
  "POST /api/webchat/:widgetKey/visitors",
];

/**
 * The routes anyone may call without a session (`config: { public: true }`). Adding one here is a
 * security decision: it needs a reason in review.
 */
const publicRoutes = [
  // The session itself: these read or end the refresh cookie, or create the first credentials.
  "DELETE /api/auth/logout",
  "POST /api/auth/login",
  "POST /api/auth/refresh_token",
  "POST /api/auth/signup",
  // The code step of a sign-in: the password's challenge token is its credential (decision 0095).
  "POST /api/auth/login/2fa",
  // "Forgot password?": whoever lost their password has no session (docs/decisions/0033).
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  // Single sign-on (docs/decisions/0098): the browser arrives without a session; the provider's signed ID token (checked against the flow cookie's state, nonce and PKCE verifier) is the credential.
  "GET /api/auth/oidc/callback",
  "GET /api/auth/oidc/start",
  // The API channel: an external system authenticated by the connection's token, not a session.
  "GET /api/channels/:connectionId/media/:name",
  "POST /api/channels/:connectionId/acks",
  "POST /api/channels/:connectionId/messages",
  // Meta's WhatsApp Cloud API webhook: the verify token (GET) or the app secret's signature on the raw body (POST) is the credential (decision 0089).
  "GET /api/channels/whatsapp-cloud/:connectionId/webhook",
  "POST /api/channels/whatsapp-cloud/:connectionId/webhook",
  // Telegram's webhook (PUBLIC_URL set): Telegram proves itself with the secret given to setWebhook (docs/decisions/0091).
  "POST /api/channels/telegram/:connectionId/webhook",
  // The public send API: integrations authenticated by the install's API token (docs/decisions/0048).
  "POST /api/messages/send",
  // Probes and what the login screen needs before anyone signs in.
  "GET /api/health",
  "GET /api/ready",
  "GET /api/public/config",
  // Prometheus' scrape: METRICS_TOKEN (a bearer token of its own) is the credential, and it is off without it.
  "GET /metrics",
  // The Whaticket dialect's file links: the signed link is the credential, made for one live
  // sign-in whose user must still see the file's ticket (decision 0066).
  "GET /whaticket/media/:link/:name",
  // The website widget: anyone on an allowed origin may start a visitor; the rest needs the
  // visitor's signed token and reads only that visitor's conversation (decision 0090).
  ...webchatRoutes,
].sort();

/** The API reference: public by path in the auth plugin, not by route config. */
const docsPrefix = "/api/docs";

/**
 * The whole HTTP surface. A new route means editing this list on purpose. Under /whaticket: the
 * Whaticket dialect's own answers; its other calls are the /api routes (decision 0066).
 */
const allRoutes = [
  "DELETE /api/announcements/:id",
  "DELETE /api/bots/:id",
  "DELETE /api/automations/:id",
  "DELETE /api/auth/logout",
  "DELETE /api/campaigns/:id",
  "DELETE /api/chatmessages/:id",
  "DELETE /api/chats/:id/participant/:userId",
  "DELETE /api/contacts/:id",
  "DELETE /api/messages/:id",
  "DELETE /api/monitorings/:id",
  "DELETE /api/push/subscriptions/:id",
  "DELETE /api/queue/:id",
  "DELETE /api/quickAnswers/:id",
  "DELETE /api/schedules/:id",
  "DELETE /api/tags/:id",
  "DELETE /api/tickets/:id",
  "DELETE /api/tickets/:id/notes/:noteId",
  "DELETE /api/tickets/:id/participant/:userId",
  "DELETE /api/uras/:id",
  "DELETE /api/users/:id",
  "DELETE /api/whatsapp/:id",
  "DELETE /api/whatsappsession/:id",
  "GET /api/about",
  "GET /api/announcements",
  "GET /api/announcements/:id",
  "GET /api/bots",
  "GET /api/bots/:id",
  "GET /api/assistant",
  "GET /api/audit",
  "GET /api/auth/oidc/callback",
  "GET /api/auth/oidc/start",
  "GET /api/auth/2fa",
  "GET /api/automations",
  "GET /api/automations/:id",
  "GET /api/automations/:id/runs",
  "GET /api/campaigns",
  "GET /api/campaigns/:id",
  "GET /api/campaigns/:id/recipients",
  "GET /api/campaigns/:id/recipients/export",
  "GET /api/channels/:connectionId/media/:name",
  "GET /api/channels/whatsapp-cloud/:connectionId/webhook",
  "GET /api/chatmessages/:chatId",
  "GET /api/chats",
  "GET /api/chats/:id",
  "GET /api/connection-incidents",
  "GET /api/connections/:id/templates",
  "GET /api/contact-import/:id/failures",
  "GET /api/contact-import/can-import",
  "GET /api/contact-import/download",
  "GET /api/contact-import/ongoing",
  "GET /api/contacts",
  "GET /api/contacts/:id",
  "GET /api/contacts/duplicates",
  "GET /api/contacts/export",
  "GET /api/contacts/opted-out-count",
  "GET /api/destinationtype",
  "GET /api/destinationtype/:type/items",
  "GET /api/docs",
  "GET /api/docs/json",
  "GET /api/docs/static/*",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/docs/yaml",
  "GET /api/feedback",
  "GET /api/forwardmessage/tickets",
  "GET /api/health",
  "GET /api/media/:name",
  "GET /api/mentions",
  "GET /api/messages/:ticketId",
  "GET /api/monitor",
  "GET /api/monitorings",
  "GET /api/monitorings/:id",
  "GET /api/public/config",
  "GET /api/push/public-key",
  "GET /api/push/subscriptions",
  "GET /api/queue",
  "GET /api/queue/:id",
  "GET /api/quickAnswers",
  "GET /api/quickAnswers/:id",
  "GET /api/quickAnswers/lookup",
  "GET /api/ready",
  "GET /api/reports/charts",
  "GET /api/reports/tickets",
  "GET /api/schedules",
  "GET /api/schedules/:id",
  "GET /api/settings",
  "GET /api/simulator/:connectionId/messages",
  "GET /api/stages/:kind/:id/waiting",
  "GET /api/tags",
  "GET /api/tags/:id",
  "GET /api/tags/:id/usage",
  "GET /api/tickets",
  "GET /api/tickets/:id",
  "GET /api/tickets/:id/mention-candidates",
  "GET /api/tickets/connections",
  "GET /api/tickets/count",
  "GET /api/tickets/history",
  "GET /api/uras",
  "GET /api/uras/:id",
  "GET /api/users",
  "GET /api/users/:id",
  "GET /api/users/directory",
  "GET /api/users/search/items",
  "GET /api/whatsapp",
  "GET /api/whatsapp/:id",
  "GET /manifest.webmanifest",
  "GET /metrics",
  "GET /whaticket/media/:link/:name",
  "GET /whaticket/messages/:ticketId",
  "GET /whaticket/tickets/:id",
  "GET /whaticket/users",
  "GET /whaticket/whatsapp",
  "GET /whaticket/whatsapp/:id",
  "POST /api/announcements",
  "POST /api/bots",
  "POST /api/automations",
  "POST /api/automations/dry-run",
  "POST /api/auth/2fa/disable",
  "POST /api/auth/2fa/enable",
  "POST /api/auth/2fa/setup",
  "POST /api/auth/forgot-password",
  "POST /api/auth/login",
  "POST /api/auth/login/2fa",
  "POST /api/auth/refresh_token",
  "POST /api/auth/reset-password",
  "POST /api/auth/signup",
  "POST /api/campaigns",
  "POST /api/campaigns/:id/audience",
  "POST /api/campaigns/:id/cancel",
  "POST /api/campaigns/:id/pause",
  "POST /api/campaigns/:id/resume",
  "POST /api/campaigns/:id/start",
  "POST /api/campaigns/audience-count",
  "POST /api/campaigns/preview",
  "POST /api/channels/:connectionId/acks",
  "POST /api/channels/:connectionId/messages",
  "POST /api/channels/whatsapp-cloud/:connectionId/webhook",
  "POST /api/channels/telegram/:connectionId/webhook",
  "POST /api/chatmessages/:chatId",
  "POST /api/chats",
  "POST /api/chats/:id/participant",
  "POST /api/connections/:id/templates/sync",
  "POST /api/contact",
  "POST /api/contact-import",
  "POST /api/contacts",
  "POST /api/contacts/:id/merge",
  "POST /api/contacts/:id/opt-in",
  "POST /api/feedback",
  "POST /api/forwardmessage/tickets",
  "POST /api/messages/:ticketId",
  "POST /api/messages/:ticketId/template",
  "POST /api/messages/send",
  "POST /api/monitorings",
  "POST /api/push/subscriptions",
  "POST /api/queue",
  "POST /api/quickAnswers",
  "POST /api/schedules",
  "POST /api/simulator/:connectionId/messages",
  "POST /api/tags",
  "POST /api/tickets",
  "POST /api/tickets/:id/assist",
  "POST /api/tickets/:id/notes",
  "POST /api/tickets/:id/participant",
  "POST /api/tickets/bulk",
  "POST /api/uras",
  "POST /api/users",
  "POST /api/users/:id/2fa/reset",
  "POST /api/whatsapp",
  ...webchatRoutes,
  "POST /api/whatsapp/:id/move",
  "POST /api/whatsappsession/:id",
  "POST /api/whatsappsession/:id/pairing-code",
  "POST /whaticket/tickets",
  "PUT /api/announcements/:id",
  "PUT /api/bots/:id",
  "PUT /api/automations/:id",
  "PUT /api/campaigns/:id",
  "PUT /api/chatmessages/:chatId",
  "PUT /api/chats/:id",
  "PUT /api/contacts/:id",
  "PUT /api/contacts/:id/tags",
  "PUT /api/mentions/:id",
  "PUT /api/messages/:ticketId",
  "PUT /api/monitorings/:id",
  "PUT /api/queue/:id",
  "PUT /api/quickAnswers/:id",
  "PUT /api/schedules/:id",
  "PUT /api/settings/:key",
  "PUT /api/tags/:id",
  "PUT /api/tickets/:id",
  "PUT /api/tickets/:id/notes/:noteId",
  "PUT /api/tickets/:id/tags",
  "PUT /api/uras/:id",
  "PUT /api/users/:id",
  "PUT /api/users/me/presence",
  "PUT /api/whatsapp/:id",
  "PUT /whaticket/tickets/:id",
].sort();

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  // An empty web build: the static files of a real build would add one route per file.
  webDist = mkdtempSync(join(tmpdir(), "atendo-web-"));
  server = await createTestServer({ WEB_DIST: webDist }, { onRoute: hear });
});
afterAll(async () => {
  await server.close();
  rmSync(webDist, { recursive: true, force: true });
});

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const apiRoutes = () => registered.filter((r) => (r.url.startsWith("/api/") || r.url.startsWith("/whaticket/")) && !r.url.startsWith(docsPrefix));

describe("route inventory", () => {
  it("registers exactly the listed routes", () => {
    expect(registered.map(key).sort()).toEqual(allRoutes);
  });

  it("makes public exactly the listed routes", () => {
    expect(registered.filter((r) => r.public).map(key).sort()).toEqual(publicRoutes);
  });

  it("refuses every other API route to an anonymous caller", async () => {
    const privateRoutes = apiRoutes().filter((r) => !r.public);
    expect(privateRoutes.length).toBeGreaterThan(50);
    const answers: string[] = [];
    for (const route of privateRoutes) {
      // Any value fits a parameter: the session is checked before the parameters are parsed.
      const url = route.url.replace(/:[A-Za-z]+/g, "1").replace(/\*$/, "x");
      const response = await server.request({ method: route.method as RouteCall["method"], url });
      answers.push(`${key(route)} → ${response.statusCode} ${response.json().error}`);
    }
    expect(answers).toEqual(privateRoutes.map((route) => `${key(route)} → 401 ERR_SESSION_EXPIRED`));
  });
});
