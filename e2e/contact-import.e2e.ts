import { readFile } from "node:fs/promises";
import type { Browser, Download, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { E2E_ADMIN, adminToken, api, baseUrl, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

/** A downloaded CSV's lines, byte order mark and line ends taken off. */
async function csvLines(download: Download): Promise<string[]> {
  const text = (await readFile(await download.path())).toString("utf8");
  return text.replace(/^\uFEFF/, "").split(/\r?\n/).filter(Boolean);
}

async function downloadFrom(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  return download;
}

async function openImportDialog(page: Page): Promise<Locator> {
  await page.getByRole("link", { name: "Contacts" }).click();
  await page.getByRole("heading", { name: "Contacts" }).waitFor();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  return page.getByRole("dialog", { name: "Import contacts" });
}

/**
 * Deletes the contacts matching `search` (what a journey imported): the journeys that follow
 * expect a contacts list of a few dozen, not hundreds sorted before their own.
 */
async function deleteContactsMatching(search: string): Promise<void> {
  const token = await adminToken();
  for (;;) {
    const { contacts } = await api<{ contacts: { id: number }[] }>(`/contacts?searchParam=${encodeURIComponent(search)}&pageNumber=1`, { token });
    if (contacts.length === 0) return;
    for (const { id } of contacts) {
      const response = await fetch(`${baseUrl()}/api/contacts/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`DELETE /contacts/${id}: ${response.status}`);
    }
  }
}

/** The number a count box of the dialog shows (Total, Imported, Failed, Repeated). */
function count(dialog: Locator, name: string): Locator {
  return dialog.locator(`dt:text-is("${name}") + dd`);
}

/**
 * A file made from the Portuguese Atendo template (plus an extra column): `good` contacts, then
 * rows with bad numbers, rows without a name, numbers repeated from earlier in the file, and one
 * number already stored.
 */
function portugueseCsv(id: string, first: number, stored: string) {
  const rows = ["Nome,Número,E-mail,Empresa"];
  const good = 259;
  for (let i = 0; i < good; i++) rows.push(`Importado ${id} ${String(i).padStart(4, "0")},${first + i},i${i}-${id}@example.com,Loja ${i % 7}`);
  for (let i = 0; i < 20; i++) rows.push(`Número ruim ${id} ${i},12-${i},,`);
  for (let i = 0; i < 10; i++) rows.push(`,${first + 1000 + i},,`);
  for (let i = 0; i < 10; i++) rows.push(`Repetido ${id} ${i},${first + i},,`);
  rows.push(`Já existe ${id},${stored},,`);
  return { text: `${rows.join("\r\n")}\r\n`, total: rows.length - 1, imported: good, failed: 30, repeated: 11 };
}

describe("contact import", () => {
  it("imports a CSV with live progress, offers the rows not imported and finds the new contacts", async () => {
    const id = unique();
    const first = 5521900000000 + Math.floor(Math.random() * 80_000_000);
    const stored = String(first + 5000);
    await api("/contacts", { method: "POST", token: await adminToken(), body: JSON.stringify({ name: `Stored ${id}`, number: stored }) });

    onTestFinished(() => deleteContactsMatching(id));
    const { context, page } = await newPage(browser);
    const live = liveConnection(page);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await live;
    const dialog = await openImportDialog(page);
    const confirm = dialog.getByRole("button", { name: "Import", exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await screenshot(page, "import-1-empty");

    // The template in Portuguese: its header row is the one the file below follows.
    await dialog.getByRole("combobox", { name: "Language of the file's headers" }).click();
    await page.getByRole("option", { name: "Português" }).click();
    const template = await downloadFrom(page, dialog.getByRole("button", { name: "Download the Atendo template (Português)" }));
    expect(template.suggestedFilename()).toBe("contacts-atendo-pt.csv");
    expect(await csvLines(template)).toEqual(["Nome,Número,E-mail"]);

    const file = portugueseCsv(id, first, stored);
    await dialog.locator('input[type="file"]').setInputFiles({ name: `contatos-${id}.csv`, mimeType: "text/csv", buffer: Buffer.from(file.text) });
    await dialog.getByText(`contatos-${id}.csv`).waitFor();
    // A file alone is not enough: the template type is required.
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole("radio", { name: "Atendo" }).check();
    expect(await confirm.isEnabled()).toBe(true);
    await screenshot(page, "import-2-filled");
    await confirm.click();

    const bar = dialog.getByRole("progressbar", { name: "Import progress" });
    await bar.waitFor();
    await page.waitForFunction(() => document.querySelector('[role="dialog"] [role="progressbar"]')?.getAttribute("aria-valuenow") === "100");
    await dialog.getByText("Import finished").waitFor();
    expect(await count(dialog, "Total").textContent()).toBe(String(file.total));
    expect(await count(dialog, "Imported").textContent()).toBe(String(file.imported));
    expect(await count(dialog, "Failed").textContent()).toBe(String(file.failed));
    expect(await count(dialog, "Repeated").textContent()).toBe(String(file.repeated));
    await page.getByRole("alert").filter({ hasText: `Contacts imported: ${file.imported} imported, ${file.failed} failed, ${file.repeated} repeated.` }).waitFor();
    await screenshot(page, "import-3-summary");

    const notImported = await csvLines(await downloadFrom(page, dialog.getByRole("button", { name: `Download rows not imported (${file.failed + file.repeated})` })));
    expect(notImported[0]).toBe("Line,Nome,Número,E-mail,Empresa,Reason");
    expect(notImported).toHaveLength(1 + file.failed + file.repeated);
    expect(notImported.filter((line) => line.includes("Invalid number"))).toHaveLength(20);
    expect(notImported.filter((line) => line.includes("Name missing"))).toHaveLength(10);
    expect(notImported.filter((line) => line.includes("Repeated"))).toHaveLength(11);

    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByLabel("Search contacts").fill(`Importado ${id} 0042`);
    const row = page.getByRole("row").filter({ hasText: `Importado ${id} 0042` });
    await row.getByText(String(first + 42)).waitFor();

    // Reopened, the dialog tells how the last import went.
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByText(`Last import: contatos-${id}.csv`).waitFor();
    await context.close();
  });

  it("refuses a file that is not a CSV at once, and shows the server's refusal of a wrong template with a hint", async () => {
    const { context, page } = await newPage(browser, { width: 500, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import contacts" });
    const confirm = dialog.getByRole("button", { name: "Import", exact: true });
    await dialog.getByRole("radio", { name: "Google Contacts" }).check();

    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: "contacts.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from("PK") });
    await dialog.getByText("This is not a CSV file.", { exact: false }).waitFor();
    expect(await confirm.isDisabled()).toBe(true);

    // An Atendo file sent as a Google Contacts export: the server refuses it, the dialog stays.
    await input.setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Number\nAna,5511912345678\n") });
    await confirm.click();
    await dialog.getByText("The CSV does not match the Google template.").waitFor();
    await dialog.getByText("Use the template of the type and language chosen above", { exact: false }).waitFor();
    await screenshot(page, "import-4-refused-500");
    expect(await dialog.isVisible()).toBe(true);
    await context.close();
  });

  it("shows an attendant no import button", async () => {
    const id = unique();
    const attendant = { email: `import-${id}@e2e.atendo.test`, password: "attendant-pass-1" };
    await api("/users", { method: "POST", token: await adminToken(), body: JSON.stringify({ name: `Attendant ${id}`, ...attendant }) });
    const { context, page } = await newPage(browser);
    await loginAs(page, attendant.email, attendant.password);
    await page.getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("button", { name: "Add contact" }).waitFor();
    expect(await page.getByRole("button", { name: /^Import/ }).count()).toBe(0);
    await context.close();
  });
});
