import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { spawnServer, type SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { launchBrowser, screenshot } from "./support/browser.js";

// The About page's licence box with seats other than the spec's 5 and 1 (issue 28): the shared
// journey server keeps the defaults, so this file starts its own with LICENCE_USERS and
// LICENCE_ADMINISTRATORS set, and checks the page shows them and says what they mean.
const admin = { email: "admin@licence.e2e.atendo.test", password: "admin-password-licence" };

let browser: Browser;
let server: SpawnedServer;
let token: string;
beforeAll(async () => {
  server = await spawnServer({
    PORT: String(28_000 + Math.floor(Math.random() * 10_000)),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LICENCE_USERS: "3",
    LICENCE_ADMINISTRATORS: "2",
    WEB_DIST: process.env.WEB_DIST ?? fileURLToPath(new URL("../packages/web/dist", import.meta.url)),
  });
  const login = await fetch(`${server.baseUrl}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) });
  ({ token } = (await login.json()) as { token: string });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function addUser(name: string): Promise<void> {
  const created = await fetch(`${server.baseUrl}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, email: `${name.toLowerCase()}@licence.e2e.atendo.test`, password: "attendant-password" }),
  });
  if (!created.ok) throw new Error(`user not created: ${created.status}`);
}

describe("the About page's licence", () => {
  it("shows the configured seats, what they count, and what a paid licence is needed for", async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel(/email/i).fill(admin.email);
    await page.getByLabel(/^password/i).fill(admin.password);
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL("**/tickets");

    await page.goto("/about");
    await page.getByLabel("Users: 1 / 3").waitFor();
    await page.getByLabel("Administrators: 1 / 2").waitFor();
    await page.getByText("Users counts every active account, administrators included; a removed user frees their seat.", { exact: false }).waitFor();
    await page.getByRole("note").filter({ hasText: "Reaching a limit changes nothing." }).waitFor();
    await screenshot(page, "about-licence-within");

    for (const name of ["Ana", "Bruno", "Carla"]) await addUser(name);
    await page.reload();
    await page.getByLabel("Users: 4 / 3").waitFor();
    await page.getByRole("note").filter({ hasText: "This install has more users or administrators than its licence allows." }).waitFor();
    await screenshot(page, "about-licence-over");
    await context.close();
  });
});
