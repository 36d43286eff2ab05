import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, launchBrowser, loginAs, newPage } from "./support/browser.js";

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
