import { existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { makeDataDir, spawnServer } from "../../packages/server/src/test/spawn-server.js";
import { spawnedDatabaseUrl } from "../../packages/server/src/test/spawned-database.js";
import { startFakeGraphApi } from "../../packages/server/src/test/fakes/graph-api.js";
import { TelegramFake } from "../../packages/server/src/test/fakes/telegram-fake.js";
import { AiChatFake } from "../../packages/server/src/test/fakes/ai-chat-fake.js";

export const E2E_ADMIN = { email: "admin@e2e.atendo.test", password: "admin-password-e2e", name: "Ada Admin" };

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's embedded database, for a journey that moves a moment rather than wait for it (e2e/support/database.ts). */
    databaseUrl: string;
    /** The fake Graph API the server's WhatsApp Cloud API connections talk to (its /_fake/state tells what it got). */
    graphApiUrl: string;
    /** The fake Telegram Bot API the server's TELEGRAM_API_URL names (customers write through its `/_fake/<token>/say`). */
    telegramFakeUrl: string;
    /** The fake OpenAI-compatible server of the assistant (AI_API_URL; its /_fake/requests tells what it got). */
    aiFakeUrl: string;
  }
}

/**
 * Starts one real Atendo server (built web app, embedded PostgreSQL in a temporary folder) for
 * all browser journeys. `npm test` builds the web app before this runs.
 */
export default async function setup(project: TestProject) {
  // WEB_DIST lets a developer run journeys against a build of their own while others rebuild.
  const dist = process.env.WEB_DIST ?? fileURLToPath(new URL("../../packages/web/dist", import.meta.url));
  if (!existsSync(`${dist}/index.html`)) {
    throw new Error(`${dist} is missing: run \`npm run build\` first (npm test does).`);
  }
  // Its own data folder, known here so journeys can reach its database; removed after the stop.
  const dataDir = makeDataDir();
  // WhatsApp Cloud API connections reach Meta through this local fake (whatsapp-cloud.e2e.ts).
  const graph = await startFakeGraphApi();
  // Telegram connections talk to a local fake of the Bot API (no network here).
  const telegram = new TelegramFake();
  const telegramUrl = await telegram.start();
  // The attendants' assistant talks to a local fake OpenAI-compatible server (assistant.e2e.ts).
  const ai = new AiChatFake();
  const aiUrl = await ai.start();
  const server = await spawnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_NAME: E2E_ADMIN.name,
    SHUTDOWN_BANNER_DATE: "31/12",
    SHUTDOWN_BANNER_URL: "https://wa.me/5500000000000",
    // As on a first `npm start`: the "Demo (API)" connection and its Support queue (simulator journey).
    DEMO_CONNECTION: "true",
    // The journeys' webhook receivers listen on 127.0.0.1 (a gateway on the install's own network).
    WEBHOOK_ALLOW_PRIVATE: "true",
    WHATSAPP_CLOUD_API_URL: graph.baseUrl,
    WEB_DIST: dist,
    TELEGRAM_API_URL: telegramUrl,
    AI_API_URL: aiUrl,
    AI_API_KEY: ai.key,
    AI_MODEL: "fake-model",
    // Every journey signs in from 127.0.0.1: a fast run's few hundred sign-ins in one 15-minute
    // window went past the default 300 per address, and a journey then waited on /login (decision 0002).
    LOGIN_ATTEMPTS_PER_IP: "100000",
  }, { dataDir });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", (await spawnedDatabaseUrl(dataDir)) ?? "");
  project.provide("graphApiUrl", graph.baseUrl);
  project.provide("telegramFakeUrl", telegramUrl);
  project.provide("aiFakeUrl", aiUrl);
  // The first admin's sign-in sets the customers' language while unset (decision 0071). Signing in
  // in English here first keeps the journeys' customers in English whichever journey runs first.
  const firstSignIn = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password, language: "en" }),
  });
  if (!firstSignIn.ok) throw new Error(`The first admin sign-in failed: ${firstSignIn.status}`);
  // No real connection-down alerts (issue 31): journeys' WhatsApp connections never connect here,
  // and a banner appearing mid-run would change other journeys' pages; the alert journey answers its own.
  const { token } = (await firstSignIn.json()) as { token: string };
  const alertsOff = await fetch(`${server.baseUrl}/api/settings/connectionAlertMinutes`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ value: "0" }),
  });
  if (!alertsOff.ok) throw new Error(`Turning connection alerts off failed: ${alertsOff.status}`);
  return async () => {
    await server.stop();
    await graph.close();
    await telegram.stop();
    await ai.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
