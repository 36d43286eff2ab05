import { readFile } from "node:fs/promises";
import type { Contact, ContactPage } from "@atendo/contracts";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, baseUrl, launchBrowser, screenshot, signedIn } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);
const mobile = () => `55119${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

type Fields = { name: string; value: string }[];
interface Person {
  name: string;
  number: string;
  email: string;
  extraInfo: Fields;
}

/** What a contact holds that the export writes and the import reads back; fields by name, as the file's columns order them. */
const held = ({ name, number, email, extraInfo }: { name: string; number: string; email: string | null; extraInfo: Fields }) => ({
  name,
  number,
  email,
  extraInfo: extraInfo.map((field) => ({ name: field.name, value: field.value })).sort((a, b) => a.name.localeCompare(b.name)),
});

async function contactsMatching(token: string, search: string): Promise<Contact[]> {
  const { contacts } = await api<ContactPage>(`/contacts?searchParam=${encodeURIComponent(search)}&pageNumber=1`, { token });
  return contacts;
}

/** The number a count box of the import dialog shows (Total, Imported, Failed, Repeated). */
function count(dialog: Locator, name: string): Locator {
  return dialog.locator(`dt:text-is("${name}") + dd`);
}

function row(page: Page, name: string): Locator {
  return page.getByRole("row").filter({ hasText: name });
}

describe("contacts export → import round trip", () => {
  it("brings back exactly the contacts it exported: a formula-like name, accents, e-mails and extra fields", async () => {
    const id = unique();
    const search = `RT ${id}`;
    const people: Person[] = [
      // A name a spreadsheet would run: the export writes it '=…, the import must take the apostrophe off.
      { name: `=RT ${id} Boss`, number: mobile(), email: `boss-${id}@example.com`, extraInfo: [{ name: "Plan", value: "Gold" }, { name: "Note", value: "=1+1" }] },
      { name: `Élodie RT ${id} Conceição`, number: mobile(), email: `elodie-${id}@example.com`, extraInfo: [{ name: "Cidade", value: "São Paulo" }, { name: "Plan", value: "Prata" }] },
      { name: `RT ${id} Plain`, number: mobile(), email: `plain-${id}@example.com`, extraInfo: [{ name: "Note", value: 'Said "call me", after 6' }] },
    ];
    const token = await adminToken();
    const created: Contact[] = [];
    for (const person of people) created.push(await api<Contact>("/contacts", { method: "POST", token, body: JSON.stringify(person) }));
    const before = created.map(held).sort((a, b) => a.number.localeCompare(b.number));

    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("heading", { name: "Contacts" }).waitFor();
    await page.getByLabel("Search contacts").fill(search);
    for (const person of people) await row(page, person.name).getByText(person.number).waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export", exact: true }).click()]);
    const file = { name: download.suggestedFilename(), buffer: await readFile(await download.path()) };
    const lines = file.buffer.toString("utf8").replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1 + people.length);
    expect(lines.some((line) => line.startsWith(`'=RT ${id} Boss,`))).toBe(true);

    // Gone from the install, as if lost: the rows leave the page live.
    for (const contact of created) {
      const response = await fetch(`${baseUrl()}/api/contacts/${contact.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
    }
    for (const person of people) await row(page, person.name).waitFor({ state: "detached" });
    expect(await contactsMatching(token, search)).toEqual([]);

    // The downloaded file, imported as a person would: Import, the Atendo template, the file, confirm.
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import contacts" });
    await dialog.getByRole("radio", { name: "Atendo" }).check();
    await dialog.locator('input[type="file"]').setInputFiles({ name: file.name, mimeType: "text/csv", buffer: file.buffer });
    await dialog.getByText(file.name).waitFor();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByText("Import finished").waitFor();
    expect(await count(dialog, "Total").textContent()).toBe("3");
    expect(await count(dialog, "Imported").textContent()).toBe("3");
    expect(await count(dialog, "Failed").textContent()).toBe("0");
    expect(await count(dialog, "Repeated").textContent()).toBe("0");
    await screenshot(page, "contact-round-trip-1-imported");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });

    // Back on the page, as they were: names (no apostrophe), numbers and e-mails.
    await page.getByLabel("Search contacts").fill("");
    await page.getByLabel("Search contacts").fill(search);
    for (const person of people) {
      const line = row(page, person.name);
      await line.getByText(person.number).waitFor();
      await line.getByText(person.email).waitFor();
    }
    expect(await page.getByRole("row").filter({ hasText: `'=RT ${id}` }).count()).toBe(0);

    // The formula-like one's form shows its name and fields as typed.
    await row(page, people[0]!.name).getByRole("button", { name: `Edit ${people[0]!.name}` }).click();
    const form = page.getByRole("dialog", { name: "Edit contact" });
    expect(await form.getByLabel("Name").inputValue()).toBe(people[0]!.name);
    const fields: Fields = [];
    for (const index of [1, 2]) {
      const pair = form.getByRole("group", { name: `Extra information ${index}` });
      fields.push({ name: await pair.getByLabel("Field").inputValue(), value: await pair.getByLabel("Value").inputValue() });
    }
    expect(fields.sort((a, b) => a.name.localeCompare(b.name))).toEqual(held(people[0]!).extraInfo);
    await screenshot(page, "contact-round-trip-2-form");
    await form.getByRole("button", { name: "Cancel" }).click();
    await form.waitFor({ state: "detached" });

    // And through the API: the same three contacts, field for field.
    const after = (await contactsMatching(token, search)).map(held).sort((a, b) => a.number.localeCompare(b.number));
    expect(after).toEqual(before);
    await context.close();
  });
});
