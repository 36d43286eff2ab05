import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, launchBrowser, loginAs, newPage } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("quick answers", () => {
  it("adds a quick answer and finds it with the lower-case search", async () => {
    const id = Date.now().toString(36).slice(-6);
    const shortcut = `hi${id}`;
    await api("/quickAnswers", {
      method: "POST",
      token: await adminToken(),
      body: JSON.stringify({ shortcut: `bye${id}`, message: "Thank you, see you soon!" }),
    });

    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("link", { name: "Quick answers" }).click();
    await page.getByRole("heading", { name: "Quick answers" }).waitFor();
    await page.getByRole("row").filter({ hasText: `/bye${id}` }).waitFor();

    await page.getByRole("button", { name: "Add quick answer" }).click();
    const dialog = page.getByRole("dialog", { name: "New quick answer" });
    await dialog.getByLabel("Shortcut").fill(shortcut);
    await dialog.getByLabel("Message").fill("Hello! How can I help you today?");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "Quick answer saved." }).waitFor();
    await dialog.waitFor({ state: "detached" });

    const search = page.getByLabel("Search quick answers");
    await search.fill(`HI${id.toUpperCase()}`);
    expect(await search.inputValue()).toBe(shortcut);
    await page.getByRole("row").filter({ hasText: `/bye${id}` }).waitFor({ state: "detached" });
    const rows = page.getByRole("row").filter({ hasText: `/${shortcut}` });
    expect(await rows.count()).toBe(1);
    expect(await rows.getByText("Hello! How can I help you today?").isVisible()).toBe(true);
    await context.close();
  });
});
