import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, launchBrowser, loginAs, newPage } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("the shell", () => {
  it("switches to Portuguese and keeps it after a reload", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByLabel("Language").click();
    await page.getByRole("menuitem", { name: "Português" }).click();
    await page.getByRole("link", { name: "Contatos" }).waitFor();
    await page.reload();
    await page.getByRole("link", { name: "Contatos" }).waitFor();
    expect(await page.getByRole("link", { name: "Contacts" }).count()).toBe(0);
    await context.close();
  });

  it("remembers a dismissed shutdown banner after a reload", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/login");
    const banner = page.getByRole("region", { name: "Shutdown notice" });
    await banner.getByText("This version will be shut down on 31/12.").waitFor();
    expect(await banner.getByRole("link", { name: "Migrate for free" }).getAttribute("href")).toBe(
      "https://wa.me/5500000000000",
    );
    await banner.getByRole("button", { name: "Dismiss notice" }).click();
    await banner.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.getByRole("region", { name: "Shutdown notice" }).count()).toBe(0);
    await context.close();
  });

  it("uses a temporary drawer on a 500 px wide window", async () => {
    const { context, page } = await newPage(browser, { width: 500, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const nav = page.getByRole("navigation", { name: "Main menu" });
    expect(await nav.isVisible()).toBe(false);
    await page.getByLabel("Open menu").click();
    await nav.getByRole("link", { name: "Contacts" }).click();
    await page.waitForURL("**/contacts");
    await nav.waitFor({ state: "hidden" });
    await context.close();
  });

  it("keeps a permanent, collapsible drawer on a wide window", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await nav.waitFor();
    const drawerWidth = await nav.evaluate((el) => el.closest(".MuiDrawer-paper")?.getBoundingClientRect().width);
    expect(drawerWidth).toBe(240);
    await page.getByLabel("Close menu").click();
    await page.waitForFunction(() => {
      const el = document.querySelector('nav[aria-label="Main menu"]');
      return el !== null && el.getBoundingClientRect().width < 100;
    });
    await context.close();
  });

  it("sends feedback from Contact us", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("button", { name: "Contact us" }).click();
    const dialog = page.getByRole("dialog", { name: "Contact us" });
    await dialog.getByLabel("Message").fill("The settings page could show when the API token was last regenerated, please.");
    await dialog.getByRole("button", { name: "Send" }).click();
    // No SMTP in this run: the feedback is stored and the user is told it could not be mailed.
    await page.getByRole("alert").filter({ hasText: "Your message was saved" }).waitFor();
    await context.close();
  });
});
