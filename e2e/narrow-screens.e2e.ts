import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { E2E_ADMIN, adminToken, api, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("team screens on a 500 px wide window", () => {
  it("fit without sideways scrolling and keep every row's actions in view", async () => {
    const id = Date.now().toString(36);
    const token = await adminToken();
    await api("/contacts", {
      method: "POST",
      token,
      body: JSON.stringify({ name: `Narrow ${id} Distribuidora de Alimentos Ltda`, number: `5531${Date.now() % 1e9}` }),
    });
    await api("/queue", {
      method: "POST",
      token,
      body: JSON.stringify({ name: `Narrow ${id}`, color: "#795548", greetingMessage: "Welcome! ".repeat(30) }),
    });
    await api("/quickAnswers", {
      method: "POST",
      token,
      body: JSON.stringify({ shortcut: `nw${id.slice(-6)}`, message: "A long message ".repeat(20) }),
    });

    const { context, page } = await newPage(browser, { width: 500, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const [path, heading] of [
      ["/users", "Users"],
      ["/queues", "Queues"],
      ["/quickAnswers", "Quick answers"],
      ["/contacts", "Contacts"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      const edit = page.getByRole("button", { name: /^Edit / }).first();
      await edit.waitFor();
      const box = await edit.boundingBox();
      expect(box && box.x + box.width <= 500, `${path}: edit button inside the window`).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path}: no sideways scrolling`).toBe(0);
    }
    await context.close();
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an element's text is drawn: it may spill out of the element's own box. */
function textBox(element: Locator): Promise<Box> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
}

async function elementBox(element: Locator): Promise<Box> {
  const box = await element.boundingBox();
  if (!box) throw new Error("the element is not shown");
  return box;
}

/** Whether two boxes share any area. */
function overlap(first: Box, second: Box): boolean {
  return first.x < second.x + second.width && second.x < first.x + first.width && first.y < second.y + second.height && second.y < first.y + first.height;
}

describe("the connections page on a 500 px wide window", () => {
  it("keeps the heading clear of the simulator and add buttons", async () => {
    const { context, page } = await newPage(browser, { width: 500, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/connections");
    const heading = page.getByRole("heading", { name: "Connections", level: 1 });
    const simulator = page.getByRole("link", { name: "Customer simulator" });
    const add = page.getByRole("link", { name: "Add connection" });
    await Promise.all([heading.waitFor(), simulator.waitFor(), add.waitFor()]);
    await screenshot(page, "connections-500");
    // The heading's text, not its box: the text spilled out of a heading squeezed beside the buttons.
    const title = await textBox(heading);
    expect(overlap(title, await elementBox(simulator)), "heading and simulator button").toBe(false);
    expect(overlap(title, await elementBox(add)), "heading and add button").toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "no sideways scrolling").toBe(0);
    await context.close();
  });
});
