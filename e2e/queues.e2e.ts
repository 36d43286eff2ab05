import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, launchBrowser, loginAs, newPage } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("queues", () => {
  it("creates a queue with a colour chosen by mouse and keyboard and lists it in that colour", async () => {
    const name = `Sales ${Date.now().toString(36)}`;
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(page, "Queues");
    await page.getByRole("heading", { name: "Queues" }).waitFor();
    await page.getByRole("link", { name: "Add queue" }).click();
    await page.waitForURL("**/queues/new");

    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: /^Colour/ }).click();
    const menu = page.getByRole("menu", { name: "Queue colours" });
    expect(await menu.getByRole("menuitemradio").count()).toBe(18);
    await menu.getByRole("menuitemradio", { name: "#9C27B0" }).click();
    await menu.waitFor({ state: "hidden" });

    // Keyboard: the menu opens on the chosen swatch; arrow down moves one row of six.
    const colour = page.getByRole("button", { name: "Colour #9C27B0" });
    await colour.focus();
    await page.keyboard.press("Enter");
    await menu.getByRole("menuitemradio", { name: "#9C27B0" }).and(page.locator(":focus")).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Colour #009688" }).waitFor();

    await page.getByLabel("Greeting message").fill("Hello! Our sales team will answer you shortly.");
    await page.getByRole("button", { name: "Save" }).click();

    await page.waitForURL("**/queues");
    await page.getByRole("alert").filter({ hasText: "Queue saved." }).waitFor();
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByText("#009688").waitFor();
    const swatch = row.getByRole("cell").first().locator("[aria-hidden]").first();
    expect(await swatch.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(0, 150, 136)");
    expect(await row.getByText("Hello! Our sales team will answer you shortly.").isVisible()).toBe(true);
    await context.close();
  });
});
