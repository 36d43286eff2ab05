import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext } from "playwright-core";
import { spawnServer, type SpawnedServer } from "../../packages/server/src/test/spawn-server.js";

/** A free-looking port for a server of one's own (the shared journey server has its own). */
export function ownPort(): number {
  return 28_000 + Math.floor(Math.random() * 10_000);
}

interface Account {
  email: string;
  password: string;
}

/**
 * A server configured otherwise than the shared journey server (mail, single sign-on, a setting
 * turned on for everyone), for the journeys that need one: its admin is ADMIN_EMAIL, and `users`
 * are added through the API as that admin would (the admin signs in with the password, which
 * PASSWORD_SIGN_IN=off still allows the break-glass address).
 */
export async function startOwnServer(options: {
  port: number;
  admin: Account;
  users: readonly (Account & { name: string })[];
  env?: Record<string, string>;
}): Promise<SpawnedServer> {
  const { port, admin, users, env = {} } = options;
  const server = await spawnServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    WEB_DIST: process.env.WEB_DIST ?? fileURLToPath(new URL("../../packages/web/dist", import.meta.url)),
    ...env,
  });
  const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) });
  const { token } = (await login.json()) as { token: string };
  for (const user of users) {
    const created = await fetch(`${server.baseUrl}/api/users`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(user),
    });
    if (!created.ok) throw new Error(`user not created: ${created.status}`);
  }
  return server;
}

/** A desktop-sized English browser context on a server of one's own. */
export function contextOn(browser: Browser, server: SpawnedServer): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, locale: "en-US" });
}
