import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, E2E_ADMIN, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";
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

  it("warns of a queue nobody belongs to, and its waiting customer reaches the admin's list live without Show all", async () => {
    const suffix = Date.now().toString(36);
    const name = `Night desk ${suffix}`;
    const { context, page } = await newPage(browser);
    const live = liveConnection(page);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await live;
    await openConfigPage(page, "Queues");
    await page.getByRole("link", { name: "Add queue" }).click();
    await page.waitForURL("**/queues/new");
    await page.getByLabel("Name").fill(name);
    // No users chosen: the form says who would see its customers.
    const warning = "Nobody belongs to this queue: customers waiting in it appear only to administrators.";
    await page.getByText(warning).waitFor();
    await screenshot(page, "d69-queue-form-unstaffed");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/queues");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByText("No users").waitFor();
    await screenshot(page, "d69-queues-unstaffed");

    // A customer is routed to it: the admin's waiting tab (Show all off, as a new admin has it)
    // shows them as they arrive.
    const token = await adminToken();
    const queues = await api<{ id: number; name: string }[]>("/queue", { token });
    const queue = queues.find((q) => q.name === name)!;
    const connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
      method: "POST",
      token,
      body: JSON.stringify({ name: `Night line ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
    });
    await page.goto(page.url().replace(/\/queues$/, "/tickets"));
    await page.getByRole("tab", { name: /^Waiting/ }).click();
    await page.getByRole("list", { name: "Waiting tickets" }).or(page.getByText("Nobody is waiting.")).first().waitFor();
    const customer = `Nora ${suffix}`;
    await api(`/channels/${connection.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiToken}` },
      body: JSON.stringify({ externalId: `night-${suffix}`, from: { number: `55116${Date.now().toString().slice(-8)}`, name: customer }, body: "Is anyone there?" }),
    });
    await page.getByRole("list", { name: "Waiting tickets" }).getByRole("listitem").filter({ hasText: customer }).getByText("Is anyone there?").waitFor();
    await context.close();
  });
});
