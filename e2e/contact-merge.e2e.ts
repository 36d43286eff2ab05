import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, launchBrowser, screenshot, signedIn } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

async function searchContacts(page: Page, text: string): Promise<void> {
  await page.getByRole("link", { name: "Contacts" }).click();
  await page.getByRole("heading", { name: "Contacts" }).waitFor();
  await page.getByLabel("Search contacts").fill(text);
}

describe("contacts export and merge", () => {
  it("exports what the search shows, then merges two duplicates after the confirm and the list shows one", async () => {
    const id = unique();
    const eight = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    const token = await adminToken();
    const create = (body: object) => api("/contacts", { method: "POST", token, body: JSON.stringify(body) });
    // The same Brazilian mobile with and without its ninth digit: a duplicate by number.
    await create({ name: `Exp ${id} Ana`, number: `55319${eight}`, email: `ana-${id}@example.com`, extraInfo: [{ name: "Plan", value: "Gold" }] });
    await create({ name: `Exp ${id} Twin`, number: `5531${eight}`, extraInfo: [{ name: "=Note", value: "=1+1" }] });

    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await searchContacts(page, `Exp ${id}`);
    await page.getByRole("row").filter({ hasText: `Exp ${id} Twin` }).waitFor();
    await screenshot(page, "contacts-export-merge-1-tools");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export", exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path())).toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n").filter(Boolean);
    // The rows the search showed, in the import template's columns; cells that would run as formulas are neutralised.
    expect(lines).toEqual([
      "Name,Number,Email,Plan,'=Note",
      `Exp ${id} Ana,55319${eight},ana-${id}@example.com,Gold,`,
      `Exp ${id} Twin,5531${eight},,,'=1+1`,
    ]);

    await page.getByRole("button", { name: "Duplicates" }).click();
    const dialog = page.getByRole("dialog", { name: "Duplicate contacts" });
    const group = dialog.getByRole("region", { name: `Same number: 5531${eight}` });
    await group.waitFor();
    await screenshot(page, "contacts-export-merge-2-duplicates");
    await group.getByRole("button", { name: `Merge into Exp ${id} Ana` }).click();
    const confirm = page.getByRole("dialog", { name: `Merge Exp ${id} Twin into Exp ${id} Ana?` });
    await confirm.getByText("This cannot be undone.", { exact: false }).waitFor();
    await screenshot(page, "contacts-export-merge-3-confirm");
    await confirm.getByRole("button", { name: "Merge" }).click();
    await page.getByRole("alert").filter({ hasText: `Exp ${id} Twin merged into Exp ${id} Ana.` }).waitFor();
    await group.waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    // The list shows one contact, the kept one.
    await page.getByRole("row").filter({ hasText: `Exp ${id} Twin` }).waitFor({ state: "detached" });
    const rows = page.getByRole("row").filter({ hasText: `Exp ${id}` });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(`Exp ${id} Ana`);
    await context.close();
  });

  it("fits a phone: the tools shrink to icons and the duplicates dialog takes the screen, its groups wrapping", async () => {
    const id = unique();
    const token = await adminToken();
    for (const name of ["Phone One", "Phone Two"]) {
      const number = `55119${String(Math.floor(Math.random() * 89_999_999) + 10_000_000)}`;
      await api("/contacts", { method: "POST", token, body: JSON.stringify({ name: `${name} ${id}`, number, email: `phone-${id}@example.com` }) });
    }
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password, { width: 390, height: 800 });
    await page.goto("/contacts");
    await page.getByRole("heading", { name: "Contacts" }).waitFor();
    await page.getByRole("button", { name: "Export" }).waitFor();
    await screenshot(page, "contacts-export-merge-4-phone");
    await page.getByRole("button", { name: "Duplicates" }).click();
    const group = page.getByRole("dialog", { name: "Duplicate contacts" }).getByRole("region", { name: `Same e-mail: phone-${id}@example.com` });
    await group.getByRole("button", { name: `Merge into Phone One ${id}` }).waitFor();
    await screenshot(page, "contacts-export-merge-5-phone-dialog");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });
});
