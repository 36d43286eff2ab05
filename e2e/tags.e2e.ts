import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openConfigPage } from "./support/admin-nav.js";
import { adminToken, api, createQueue, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * Labels (issue 29, decision 0072): an admin defines one on the Labels screen, puts it (and a new
 * one typed in the picker) on a ticket from its header, sees the chip on the list's row, and
 * filters the list by it; the delete confirmation says how much carries it.
 */
const suffix = Date.now().toString(36);
const tagName = `VIP ${suffix}`;
const typedTag = `Callback ${suffix}`;
let browser: Browser;
let admin: string;
let tagged: { id: number; name: string };
let other: { id: number; name: string };

/** An open ticket of the admin's with a new contact. */
async function openTicket(name: string, connectionId: number): Promise<{ id: number; name: string }> {
  const contact = await api<{ id: number }>("/contacts", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name, number: `55116${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 10)}` }),
  });
  const { ticket } = await api<{ ticket: { id: number } }>("/tickets", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ contactId: contact.id, status: "open", whatsappId: connectionId }),
  });
  return { id: ticket.id, name };
}

const openRows = (page: Page) => page.getByRole("list", { name: "Open tickets" }).getByRole("listitem");

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const queue = await createQueue(admin, { name: `Tags queue ${suffix}` });
  const connection = await api<{ id: number }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Tags chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
  tagged = await openTicket(`Tagged ${suffix}`, connection.id);
  other = await openTicket(`Plain ${suffix}`, connection.id);
});
afterAll(() => browser.close());

describe("labels", () => {
  it("admin creates a label, tags a ticket from its header, sees the chip on the row and filters by it", async () => {
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);

    // The Labels screen, from the configuration tabs; the dialog's colour menu works by keyboard.
    await openConfigPage(page, "Labels");
    await page.getByRole("heading", { name: "Labels" }).waitFor();
    await page.getByRole("button", { name: "Add label" }).click();
    const dialog = page.getByRole("dialog", { name: "New label" });
    await dialog.getByRole("textbox", { name: "Label" }).fill(tagName);
    await dialog.getByRole("button", { name: /Colour/ }).click();
    await page.getByRole("menuitemradio", { name: "#9C27B0" }).click();
    await dialog.getByRole("button", { name: /#9C27B0/ }).waitFor();
    await screenshot(page, "tags-dialog");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Label saved.").waitFor();
    await page.getByRole("row").filter({ hasText: tagName }).getByText("#9C27B0").waitFor();
    await screenshot(page, "tags-page");

    // The ticket's header: the picker finds the label by a few letters, and the admin types a new one.
    await page.goto(`/tickets/${tagged.id}`);
    await page.getByRole("button", { name: `Labels of ${tagged.name}` }).click();
    const picker = page.getByRole("dialog", { name: `Labels of ${tagged.name}` });
    const box = picker.getByRole("combobox", { name: "Labels" });
    // By keyboard: a few letters, Enter takes the highlighted option.
    await box.fill(`vip ${suffix}`);
    await page.getByRole("option", { name: tagName }).waitFor();
    await box.press("Enter");
    await box.fill(typedTag);
    await page.getByRole("option", { name: `Create “${typedTag}”` }).waitFor();
    await box.press("Enter");
    await picker.getByText(typedTag).waitFor();
    await screenshot(page, "tags-picker");
    await picker.getByRole("button", { name: "Save" }).click();
    await picker.waitFor({ state: "detached" });
    const headerChips = page.getByRole("list", { name: "Labels" }).first();
    await headerChips.getByText(tagName).waitFor();
    await headerChips.getByText(typedTag).waitFor();

    // The row in the list carries the first chip and "+1" (live, through the ticket's update event).
    const row = openRows(page).filter({ hasText: tagged.name });
    await row.getByText(typedTag).waitFor();
    await row.getByText("+1").waitFor();
    await openRows(page).filter({ hasText: other.name }).waitFor();
    await screenshot(page, "tags-ticket");

    // Filter the list by the label: only the tagged ticket stays.
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("menuitemcheckbox", { name: tagName }).click();
    await page.keyboard.press("Escape");
    await openRows(page).filter({ hasText: other.name }).waitFor({ state: "detached" });
    expect(await openRows(page).filter({ hasText: tagged.name }).count()).toBe(1);
    await screenshot(page, "tags-filtered");

    // Deleting it asks first, saying what carries it.
    await openConfigPage(page, "Labels");
    await page.getByRole("button", { name: `Delete ${tagName}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete the label ${tagName}?` });
    await confirm.getByText("It is on 1 conversation and 0 contacts.").waitFor();
    await screenshot(page, "tags-delete-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
  });

  it("puts a label on a contact from its row on the contacts page", async () => {
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("searchbox", { name: "Search contacts" }).fill(other.name);
    const row = page.getByRole("row").filter({ hasText: other.name });
    await row.getByRole("button", { name: `Labels of ${other.name}` }).click();
    const picker = page.getByRole("dialog", { name: `Labels of ${other.name}` });
    const box = picker.getByRole("combobox", { name: "Labels" });
    await box.fill(typedTag);
    await page.getByRole("option", { name: typedTag }).waitFor();
    await box.press("Enter");
    await picker.getByRole("button", { name: "Save" }).click();
    await picker.waitFor({ state: "detached" });
    await row.getByRole("list", { name: "Labels" }).getByText(typedTag).waitFor();
    await screenshot(page, "tags-contacts");
  });

  it("fits a 360 px wide screen: the ticket's labels under its header", async () => {
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password, { width: 360, height: 740 });
    await page.goto(`/tickets/${tagged.id}`);
    const chips = page.getByRole("list", { name: "Labels" }).first();
    await chips.getByText(tagName).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "tags-ticket-360");
  });
});
