import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, type SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { startFakeSmtp, type FakeSmtp } from "./support/fake-smtp.js";
import { launchBrowser } from "./support/browser.js";

// "Forgot password?" needs mail, which the shared journey server has not: this file starts its
// own server, mailing to a fake SMTP server, and follows the link as a person would from their inbox.
const admin = { email: "admin@reset.e2e.atendo.test", password: "admin-password-reset" };
const attendant = { name: "Rosa Reset", email: "rosa@reset.e2e.atendo.test", password: "rosa-old-pass-1" };

let browser: Browser;
let smtp: FakeSmtp;
let server: SpawnedServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  const port = 28_000 + Math.floor(Math.random() * 10_000);
  server = await spawnServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    WEB_DIST: process.env.WEB_DIST ?? fileURLToPath(new URL("../packages/web/dist", import.meta.url)),
  });
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { token } = (await login.json()) as { token: string };
  const created = await fetch(`${server.baseUrl}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(attendant),
  });
  if (!created.ok) throw new Error(`user not created: ${created.status}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function newContext(): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, locale: "en-US" });
}

describe("forgot password", () => {
  it("mails a link from the login page that sets a new password once", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("Email").fill(attendant.email);
    const mailed = smtp.nextMail();
    await page.getByRole("button", { name: "Send link" }).click();
    await page.getByText(`If an account uses ${attendant.email}, a link to choose a new password is on its way.`, { exact: false }).waitFor();

    const mail = await mailed;
    expect(mail.to).toEqual([attendant.email]);
    expect(mail.subject).toBe("[Atendo] Reset your password");
    const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0] ?? "";
    expect(link.startsWith(server.baseUrl)).toBe(true);

    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel(/^New password/).fill("rosa-new-pass-2");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("alert").filter({ hasText: "Password changed. Sign in with your new password." }).waitFor();

    await page.getByLabel("Email").fill(attendant.email);
    await page.getByLabel("Password", { exact: true }).fill("rosa-new-pass-2");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/tickets");

    // The link worked once: opened again, it says so and offers a new one.
    const again = await (await newContext()).newPage();
    await again.goto(link);
    await again.getByLabel(/^New password/).fill("rosa-third-pass-3");
    await again.getByRole("button", { name: "Set new password" }).click();
    await again.getByText("This reset link is invalid, already used or expired.", { exact: false }).waitFor();
    await again.getByRole("link", { name: "Ask for a new link." }).waitFor();
    await again.context().close();
    await context.close();
  });
});
