import type { Campaign, Connection } from "@atendo/contracts";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * Campaigns (issue 31): an admin builds a campaign for the 50 contacts of a label on the demo API
 * connection, previews it for one of them and starts it; the campaign page follows the sending
 * live while one customer, in the customer simulator, answers the opt-out keyword. That contact is
 * counted as opted out, the report's CSV lists all 50, and the next audience of the label leaves
 * them out (shown and counted).
 */
const suffix = Date.now().toString(36);
const labelName = `Campaign ${suffix}`;
const campaignName = `Black Friday ${suffix}`;
const recipients = 50;
/** What a customer answers to stop receiving campaigns (the server's opt-out keyword). */
const optOutKeyword = "STOP";
/** The sending goes at the connection's pace: 50 messages may take a while. */
const sendingTimeout = 150_000;

let browser: Browser;
let token: string;
let demo: Connection;
const contacts: { id: number; name: string; number: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const connections = await api<Connection[]>("/whatsapp", { token });
  const found = connections.find((connection) => connection.name === "Demo (API)");
  if (!found) throw new Error("The demo API connection is missing (DEMO_CONNECTION)");
  demo = found;
  // A random colour, as createQueue does: files running side by side never meet on one.
  const color = `#${Math.floor(Math.random() * 0x1000000).toString(16).padStart(6, "0").toUpperCase()}`;
  const label = await api<{ id: number }>("/tags", { method: "POST", token, body: JSON.stringify({ name: labelName, color }) });
  const base = Date.now().toString().slice(-6);
  for (let index = 0; index < recipients; index += 1) {
    const name = `Patron${suffix} ${String(index + 1).padStart(2, "0")}`;
    const number = `55119${base}${String(index).padStart(2, "0")}`;
    const contact = await api<{ id: number; name: string; number: string }>("/contacts", { method: "POST", token, body: JSON.stringify({ name, number }) });
    await api(`/contacts/${contact.id}/tags`, { method: "PUT", token, body: JSON.stringify({ tagIds: [label.id] }) });
    contacts.push(contact);
  }
});
afterAll(() => browser.close());

/** The campaign page's progress bar says "<done> of <total>". */
async function waitForProgress(page: Page, done: number): Promise<void> {
  const bar = page.getByRole("progressbar", { name: `Progress of ${campaignName}` });
  await expect.poll(() => bar.getAttribute("aria-valuetext"), { timeout: sendingTimeout }).toBe(`${done} of ${recipients}`);
}

/** The tile of one recipient status on the campaign page, named by its figure and status ("1 Opted out"). */
function countOf(page: Page, status: string) {
  return page.getByRole("list", { name: "Recipients by status" }).getByRole("button", { name: new RegExp(`^\\d+ ${status}$`) });
}

/** Picks the label in the audience's label field. */
async function chooseLabel(page: Page): Promise<void> {
  await page.getByLabel("Contacts with any of these labels").fill(labelName);
  await page.getByRole("option", { name: labelName }).click();
  await page.keyboard.press("Escape");
}

describe("campaigns", () => {
  it(
    "sends a campaign to 50 contacts over the API channel with live progress and one opt-out from the customer simulator",
    async () => {
      const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Campaigns" }).click();
      await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor();
      await page.getByRole("link", { name: "New campaign" }).click();
      await page.waitForURL("**/campaigns/new");

      // Who: the demo connection and the label's contacts, counted live.
      await page.getByLabel(/^Name/).fill(campaignName);
      await page.getByRole("combobox", { name: "Connection", exact: true }).click();
      await page.getByRole("option", { name: "Demo (API)" }).click();
      await chooseLabel(page);
      await page.getByRole("status").filter({ hasText: `${recipients} contacts receive this campaign.` }).waitFor();

      // What: a message with the contact's first name put in from the variable menu.
      const message = page.getByRole("textbox", { name: "Message", exact: true });
      await message.fill("Hello ");
      await page.getByRole("button", { name: "Insert variable" }).click();
      await page.getByRole("menuitem", { name: /^First name/ }).click();
      await message.press("End");
      await message.pressSequentially(`, our sale starts today. Answer ${optOutKeyword} to receive no more.`);
      expect(await message.inputValue()).toBe(`Hello {{firstName}}, our sale starts today. Answer ${optOutKeyword} to receive no more.`);

      // The preview for one contact, before starting.
      const first = contacts[0]!;
      await page.getByLabel("Preview for contact").fill(first.number);
      await page.getByRole("option", { name: `${first.name} (${first.number})` }).click();
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await page.getByText(`Hello Patron${suffix}, our sale starts today.`, { exact: false }).waitFor();
      await screenshot(page, "campaign-form");

      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/campaigns\/\d+$/);
      const campaignId = Number(/campaigns\/(\d+)$/.exec(page.url())?.[1]);
      await page.getByRole("heading", { name: campaignName, level: 1 }).waitFor();
      await page.getByText("Draft", { exact: true }).waitFor();

      // Starting asks first, naming how many receive it.
      await page.getByRole("button", { name: "Start", exact: true }).click();
      const confirm = page.getByRole("dialog", { name: `Start ${campaignName}?` });
      await confirm.getByText(`The message goes to ${recipients} contacts`).waitFor();
      await confirm.getByRole("button", { name: "Start" }).click();
      await page.getByText("Sending", { exact: true }).or(page.getByText("Completed", { exact: true })).first().waitFor();

      // The first customer reads the campaign in the simulator and answers the opt-out keyword.
      const simulator = await context.newPage();
      await simulator.goto(`/connections/${demo.id}/simulator`);
      await simulator.getByRole("heading", { name: "Customer simulator · Demo (API)" }).waitFor();
      await simulator.getByLabel(/^Customer number/).fill(first.number);
      const conversation = simulator.getByRole("list", { name: "Conversation" });
      await conversation.getByRole("listitem").filter({ hasText: `Hello Patron${suffix}, our sale starts today.` }).waitFor({ timeout: sendingTimeout });
      await simulator.getByLabel("Message").fill(optOutKeyword);
      await simulator.getByRole("button", { name: "Send" }).click();
      await conversation.getByRole("listitem").filter({ hasText: optOutKeyword }).waitFor();

      // The campaign page followed it all live: every recipient done, one of them opted out.
      await page.bringToFront();
      await waitForProgress(page, recipients);
      await expect.poll(() => countOf(page, "Opted out").textContent(), { timeout: sendingTimeout }).toBe("1 Opted out");
      await page.getByText("Completed", { exact: true }).waitFor({ timeout: sendingTimeout });
      await screenshot(page, "campaign-detail");

      // The recipients narrowed to the opted-out one.
      await countOf(page, "Opted out").click();
      const table = page.getByRole("region", { name: "Recipients" });
      // The heading row and the opted-out customer's, once the narrowed page replaced the whole list.
      await expect.poll(() => table.getByRole("row").count()).toBe(2);
      await table.getByRole("row").filter({ hasText: first.number }).waitFor();

      // The report as CSV: a line per recipient.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
      const lines = (await readFile(await download.path())).toString("utf8").replace(/^\uFEFF/, "").split(/\r?\n/).filter(Boolean);
      expect(lines).toHaveLength(1 + recipients);

      // The server agrees with the page.
      const saved = await api<Campaign>(`/campaigns/${campaignId}`, { token });
      expect(saved).toMatchObject({ status: "completed", total: recipients, counts: { optedOut: 1, queued: 0 } });

      // The label's next audience leaves the opted-out contact out, and says so.
      await page.goto("/campaigns/new");
      await chooseLabel(page);
      await page
        .getByRole("status")
        .filter({ hasText: `${recipients - 1} contacts receive this campaign. 1 opted out, not included.` })
        .waitFor();
      await context.close();
    },
    4 * 60_000,
  );
});
