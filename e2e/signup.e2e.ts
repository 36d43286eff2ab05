import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, launchBrowser, loginAs, newPage } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const newcomer = { name: "Bruno Costa", email: "bruno.costa@e2e.atendo.test", password: "bruno-pass" };

async function fillSignup(page: Page) {
  await page.getByLabel("Name").fill(newcomer.name);
  await page.getByLabel("Email").fill(newcomer.email);
  await page.getByLabel("Password", { exact: true }).fill(newcomer.password);
  await page.getByRole("button", { name: "Sign up" }).click();
}

describe("sign-up switched by an admin", () => {
  it("refuses sign-up while disabled, then accepts it once an admin enables it", async () => {
    const visitor = await newPage(browser);
    await visitor.page.goto("/signup");
    await visitor.page.getByRole("note").filter({ hasText: "Sign-up is disabled" }).waitFor();
    await fillSignup(visitor.page);
    await visitor.page.getByRole("alert").filter({ hasText: "Sign-up is disabled. Ask an administrator." }).waitFor();

    const admin = await newPage(browser);
    await loginAs(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(admin.page, "General");
    const allow = admin.page.getByRole("switch", { name: "Allow sign-up" });
    await allow.waitFor();
    expect(await allow.isChecked()).toBe(false);
    await allow.click();
    await admin.page.getByRole("alert").filter({ hasText: "Setting saved." }).waitFor();
    expect(await allow.isChecked()).toBe(true);

    await visitor.page.reload();
    await fillSignup(visitor.page);
    await visitor.page.getByRole("alert").filter({ hasText: "Account created" }).waitFor();
    await visitor.page.waitForURL("**/login");

    // The new attendant signs in, sees no admin section and is turned away from admin routes.
    await loginAs(visitor.page, newcomer.email, newcomer.password);
    expect(await visitor.page.getByRole("link", { name: "Settings" }).count()).toBe(0);
    await visitor.page.goto("/settings");
    await visitor.page.waitForURL("**/tickets");
    await visitor.page.goto("/users");
    await visitor.page.waitForURL("**/tickets");

    await admin.context.close();
    await visitor.context.close();
  });

  it("validates the sign-up form before sending it", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/signup");
    await page.getByLabel("Name").fill("A");
    await page.getByLabel("Email").fill("nope");
    await page.getByLabel("Password", { exact: true }).fill("1234");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Between 2 and 50 characters.").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/signup");
    await context.close();
  });
});
