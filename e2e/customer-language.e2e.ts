import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, E2E_ADMIN, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // The journeys share one server: its customers are written to in English again.
  await api("/settings/customerLanguage", { method: "PUT", token: await adminToken(), body: JSON.stringify({ value: "en" }) });
  await browser.close();
});

describe("the customers' language on the Settings screen (issue 28)", () => {
  it("shows English until chosen, and keeps the language an admin picks", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(page, "General");
    const select = page.getByRole("combobox", { name: "Language for customers" });
    await select.waitFor();
    expect(await select.textContent()).toBe("English");
    await select.click();
    await page.getByRole("option", { name: "Português" }).click();
    await page.getByRole("alert").filter({ hasText: "Setting saved." }).waitFor();
    await screenshot(page, "settings-customer-language");

    await page.reload();
    await page.getByRole("combobox", { name: "Language for customers" }).filter({ hasText: "Português" }).waitFor();
    const settings = await api<{ key: string; value: string }[]>("/settings", { token: await adminToken() });
    expect(settings.find((setting) => setting.key === "customerLanguage")?.value).toBe("pt");
    await context.close();
  });
});
