import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, launchBrowser, liveConnection, loginAs, newPage } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** 55 11 9XXXX-XXXX with a random subscriber part, and the same phone as people write it. */
function phone() {
  const rest = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return { digits: `55119${rest}`, formatted: `+55 (11) 9${rest.slice(0, 4)}-${rest.slice(4)}` };
}

describe("contacts", () => {
  it("adds a contact with extra info and refuses the same number written another way", async () => {
    const id = Date.now().toString(36);
    const first = phone();
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("heading", { name: "Contacts" }).waitFor();

    await page.getByRole("button", { name: "Add contact" }).click();
    let dialog = page.getByRole("dialog", { name: "New contact" });
    await dialog.getByLabel("Name").fill(`Maria ${id}`);
    await dialog.getByLabel("Number").fill(first.digits);
    await dialog.getByLabel("Email").fill(`maria-${id}@example.com`);
    await dialog.getByRole("button", { name: "Add information" }).click();
    const pair = dialog.getByRole("group", { name: "Extra information 1" });
    await pair.getByLabel("Field").fill("CPF");
    await pair.getByLabel("Value").fill("123.456.789-00");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "Contact saved." }).waitFor();
    await dialog.waitFor({ state: "detached" });

    // Other journeys add contacts too (an import adds hundreds): find this one as a person would.
    await page.getByLabel("Search contacts").fill(`Maria ${id}`);
    const row = page.getByRole("row").filter({ hasText: `Maria ${id}` });
    await row.getByText(first.digits).waitFor();
    await row.getByRole("button", { name: `Edit Maria ${id}` }).click();
    dialog = page.getByRole("dialog", { name: "Edit contact" });
    expect(await dialog.getByRole("group", { name: "Extra information 1" }).getByLabel("Value").inputValue()).toBe(
      "123.456.789-00",
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    // Another contact, its number typed as people write it (stored as its digits, docs/decisions/0069),
    // then changed to the first one's, written that way too.
    const other = phone();
    await page.getByRole("button", { name: "Add contact" }).click();
    dialog = page.getByRole("dialog", { name: "New contact" });
    await dialog.getByLabel("Name").fill(`João ${id}`);
    await dialog.getByLabel("Number").fill(other.formatted);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "Contact saved." }).waitFor();
    await dialog.waitFor({ state: "detached" });

    await page.getByLabel("Search contacts").fill(`João ${id}`);
    const otherRow = page.getByRole("row").filter({ hasText: `João ${id}` });
    await otherRow.getByText(other.digits).waitFor();
    await otherRow.getByRole("button", { name: `Edit João ${id}` }).click();
    dialog = page.getByRole("dialog", { name: "Edit contact" });
    await dialog.getByLabel("Number").fill(first.formatted);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "A contact with this number already exists." }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await context.close();
  });

  it("loads the next page when the list is scrolled near its end", async () => {
    const id = Date.now().toString(36);
    const token = await adminToken();
    for (let index = 1; index <= 25; index++) {
      const number = `5521${String(Date.now() % 1e7).padStart(7, "0")}${String(index).padStart(2, "0")}`;
      await api("/contacts", {
        method: "POST",
        token,
        body: JSON.stringify({ name: `Paging ${id} ${String(index).padStart(2, "0")}`, number }),
      });
    }
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("link", { name: "Contacts" }).click();
    await page.getByLabel("Search contacts").fill(`paging ${id}`);
    const rows = page.getByRole("row").filter({ hasText: `Paging ${id}` });
    await rows.filter({ hasText: `Paging ${id} 20` }).waitFor();
    expect(await rows.count()).toBe(20);

    await page.getByRole("region", { name: "Contacts" }).hover();
    await page.mouse.wheel(0, 5000);
    await rows.filter({ hasText: `Paging ${id} 25` }).waitFor();
    expect(await rows.count()).toBe(25);
    await context.close();
  });

  it("shows an attendant contacts added by others as they arrive, without delete buttons", async () => {
    const id = Date.now().toString(36);
    const token = await adminToken();
    const attendant = { email: `live-${id}@e2e.atendo.test`, password: "attendant-pass-1" };
    await api("/users", { method: "POST", token, body: JSON.stringify({ name: `Live ${id}`, ...attendant }) });

    const { context, page } = await newPage(browser);
    const live = liveConnection(page);
    await loginAs(page, attendant.email, attendant.password);
    await page.getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("heading", { name: "Contacts" }).waitFor();
    await live;

    await api("/contacts", { method: "POST", token, body: JSON.stringify({ name: `Aaron Live ${id}`, number: phone().digits }) });
    const row = page.getByRole("row").filter({ hasText: `Aaron Live ${id}` });
    await row.getByRole("button", { name: `Edit Aaron Live ${id}` }).waitFor();
    expect(await row.getByRole("button", { name: `Delete Aaron Live ${id}` }).count()).toBe(0);
    await context.close();
  });
});
