import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { openConfigPage } from "./support/admin-nav.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { totpCode } from "./support/totp.js";
import { contextOn, ownPort, startOwnServer } from "./support/own-server.js";

// Two-factor sign-in required for everyone (decision 0095) changes every sign-in of the install:
// this file starts its own server rather than turn it on for the shared journeys.
const admin = { email: "admin@twofa.e2e.atendo.test", password: "admin-password-2fa" };
const attendant = { name: "Iara Enrol", email: "iara@twofa.e2e.atendo.test", password: "iara-pass-1" };

let browser: Browser;
let server: SpawnedServer;
beforeAll(async () => {
  server = await startOwnServer({ port: ownPort(), admin, users: [attendant] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newContext(): Promise<BrowserContext> {
  return contextOn(browser, server);
}

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The enrolment before the app: the key shown, the first code, the recovery codes, Done; then the tickets. */
async function enrolBeforeTheApp(page: Page): Promise<void> {
  await page.getByRole("heading", { name: "Set up two-factor sign-in" }).waitFor();
  await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
  const secret = (await page.getByLabel("Setup key").textContent()) ?? "";
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("list", { name: "Recovery codes" }).waitFor();
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("heading", { name: "Conversations" }).waitFor();
}

describe("two-factor sign-in required for everyone", () => {
  it("is switched on in Settings, leads an attendant to enrol before the app, and an admin resets it from Users", async () => {
    const adminContext = await newContext();
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin);
    await adminPage.waitForURL("**/tickets");
    await openConfigPage(adminPage, "General");
    const requireSwitch = adminPage.getByRole("switch", { name: "Require two-factor sign-in" });
    await requireSwitch.click();
    await adminPage.getByRole("alert").filter({ hasText: "saved" }).first().waitFor();
    expect(await requireSwitch.isChecked()).toBe(true);
    await screenshot(adminPage, "two-factor-setting");

    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, attendant);
    // Nothing of the app until the second factor is set up, not even after a reload.
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    await screenshot(page, "two-factor-enrolment-required");
    await page.reload();
    await enrolBeforeTheApp(page);
    expect(new URL(page.url()).pathname).toBe("/tickets");

    // The attendant lost their phone: the admin resets the second factor from the users screen.
    await openConfigPage(adminPage, "Users");
    await adminPage.getByRole("row").filter({ hasText: attendant.email }).getByRole("button", { name: "Edit" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Edit user" });
    await dialog.getByRole("button", { name: "Reset two-factor sign-in" }).click();
    await screenshot(adminPage, "two-factor-reset-confirm");
    await adminPage.getByRole("dialog", { name: "Reset two-factor sign-in?" }).getByRole("button", { name: "Reset two-factor sign-in" }).click();
    await adminPage.getByRole("alert").filter({ hasText: `Two-factor sign-in reset for ${attendant.name}.` }).waitFor();

    // Their next sign-in asks no code, and leads them to enrol again (it is still required).
    const again = await (await newContext()).newPage();
    await signIn(again, attendant);
    await enrolBeforeTheApp(again);
    await context.close();
    await adminContext.close();
  });
});
