import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { startFakeSmtp, type FakeSmtp } from "./support/fake-smtp.js";
import { launchBrowser } from "./support/browser.js";
import { contextOn, ownPort, startOwnServer } from "./support/own-server.js";

// "Forgot password?" needs mail, which the shared journey server has not: this file starts its
// own server, mailing to a fake SMTP server, and follows the link as a person would from their inbox.
const admin = { email: "admin@reset.e2e.atendo.test", password: "admin-password-reset" };
const attendant = { name: "Rosa Reset", email: "rosa@reset.e2e.atendo.test", password: "rosa-old-pass-1" };

let browser: Browser;
let smtp: FakeSmtp;
let server: SpawnedServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startOwnServer({ port: ownPort(), admin, users: [attendant], env: { SMTP_URL: smtp.url } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function newContext(): Promise<BrowserContext> {
  return contextOn(browser, server);
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
