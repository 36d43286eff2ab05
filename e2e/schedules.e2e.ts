import type { Schedule, SchedulePage } from "@atendo/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, createQueue, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";
import { axeFindings, describeFindings } from "./support/axe.js";

/**
 * Scheduled messages (issue 31): an attendant writes a message in a conversation's composer and
 * sends it later; it waits on the schedules page, and at its time it reaches the customer in the
 * simulator and shows as sent, live.
 */
const suffix = Date.now().toString(36);
const text = `Your table for two is ready, ${suffix}`;
const fileName = `menu-${suffix}.png`;
/** A real 1×1 PNG: the file the scheduled message carries. */
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
let browser: Browser;
let token: string;
let connectionId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const queue = await createQueue(token, { name: `Bistro ${suffix}` });
  const connection = await api<{ id: number }>("/whatsapp", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Bistro line ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
  connectionId = connection.id;
});
afterAll(() => browser.close());

const simulated = (page: Page) => page.getByRole("list", { name: "Conversation" });

async function scheduleOf(number: string): Promise<Schedule | undefined> {
  const { schedules } = await api<SchedulePage>("/schedules", { token });
  return schedules.find((schedule) => schedule.body === text && schedule.contact.number === number);
}

describe("scheduled messages", () => {
  it("are written from the composer, wait on the schedules page and reach the customer in the simulator at their time", async () => {
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);

    // A customer writes in the simulator (a second tab of the same admin).
    const customer = await context.newPage();
    await customer.goto(`/connections/${connectionId}/simulator`);
    const number = `55118${Date.now().toString().slice(-8)}`;
    await customer.getByLabel(/^Customer number/).fill(number);
    await customer.getByLabel("Message").fill("Do you have a table tonight?");
    await customer.getByRole("button", { name: "Send" }).click();
    await customer.getByText(/Ticket #\d+/).waitFor();
    const ticketId = Number(/Ticket #(\d+)/.exec((await customer.getByText(/Ticket #\d+/).textContent()) ?? "")?.[1]);

    // The attendant takes the conversation, types the answer and chooses "Send later".
    await page.goto(`/tickets/${ticketId}`);
    await page.getByRole("button", { name: "Accept" }).click();
    const composer = page.getByRole("textbox", { name: "Message" });
    await composer.fill(text);
    // On a phone the composer keeps the button, and the dialog takes the screen.
    await page.setViewportSize({ width: 400, height: 800 });
    await page.getByRole("button", { name: "Send later" }).click();
    await page.getByRole("dialog", { name: "Send later" }).getByLabel(/^Send on/).waitFor();
    await screenshot(page, "schedules-send-later-dialog-400");
    await page.getByRole("dialog", { name: "Send later" }).getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog", { name: "Send later" }).waitFor({ state: "detached" });
    await screenshot(page, "schedules-composer-400");
    await page.setViewportSize({ width: 1280, height: 800 });
    // From the keyboard: Tab from the input reaches the button, and Enter opens the dialog.
    await composer.focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Send later");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Send later" });
    expect(await dialog.getByLabel(/^Message/).inputValue()).toBe(text);
    // Its time: the next whole hour by default, on the install's clock, which the field names.
    expect(await dialog.getByLabel(/^Send on/).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
    await dialog.getByText(/^Time in /).waitFor();
    // A time in the past is refused before anything is sent.
    await dialog.getByLabel(/^Send on/).fill("2020-01-01T09:00");
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await dialog.getByText("Choose a time in the future.").waitFor();
    const nextYear = new Date().getUTCFullYear() + 1;
    await dialog.getByLabel(/^Send on/).fill(`${nextYear}-03-15T09:30`);
    await dialog.getByRole("combobox", { name: "Repeat" }).click();
    await page.getByRole("option", { name: "Weekly" }).click();
    await dialog.getByLabel("Every").waitFor();
    // A file goes with it: shown before saving, and removable.
    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: fileName, mimeType: "image/png", buffer: png });
    await dialog.getByTestId("schedule-file").filter({ hasText: fileName }).waitFor();
    await dialog.getByRole("button", { name: `Remove the file ${fileName}` }).click();
    await dialog.getByRole("button", { name: "Attach a file" }).waitFor();
    await fileInput.setInputFiles({ name: fileName, mimeType: "image/png", buffer: png });
    await dialog.getByTestId("schedule-file").filter({ hasText: fileName }).waitFor();
    // Signed as the composer signs (its signature toggle is on).
    expect(await dialog.getByRole("checkbox", { name: "Sign with my name" }).isChecked()).toBe(true);
    await screenshot(page, "schedules-send-later-dialog");
    const dialogFindings = await axeFindings(page, "the send later dialog");
    expect(dialogFindings, describeFindings(dialogFindings)).toEqual([]);
    await dialog.getByRole("combobox", { name: "Repeat" }).click();
    await page.getByRole("option", { name: "Does not repeat" }).click();
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await page.getByRole("alert").filter({ hasText: "Message scheduled" }).waitFor();
    // The composer let go of the text: it is the schedule's now.
    expect(await composer.inputValue()).toBe("");

    const created = await scheduleOf(number);
    expect(created).toMatchObject({ status: "pending", recurrence: null, whatsappId: connectionId, signed: true, media: { fileName, mediaType: "image" } });

    // The schedules page (drawer) lists it, pending.
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Scheduled messages" }).click();
    await page.waitForURL("**/schedules");
    const row = page.getByTestId("schedule-row").filter({ hasText: text });
    await row.getByText("Pending").waitFor();
    await row.getByText(`File: ${fileName}`).waitFor();
    await screenshot(page, "schedules-page");
    await page.setViewportSize({ width: 400, height: 800 });
    await row.getByText("Pending").waitFor();
    await screenshot(page, "schedules-page-400");
    await page.setViewportSize({ width: 1280, height: 800 });
    const pageFindings = (await axeFindings(page, "the schedules page")).filter((finding) => !finding.targets.every((target) => target === 'button[aria-label="Account menu"]'));
    expect(pageFindings, describeFindings(pageFindings)).toEqual([]);
    await page.getByRole("combobox", { name: "State" }).click();
    await page.getByRole("option", { name: "All" }).click();

    // Its time brought forward to a few seconds from now (as an edit would; the form's times are whole minutes).
    await api(`/schedules/${created!.id}`, { method: "PUT", token, body: JSON.stringify({ sendAt: new Date(Date.now() + 3000).toISOString() }) });

    // It reaches the customer with its file and the attendant's signature, and the page shows it sent, live.
    const arrived = simulated(customer).getByRole("listitem").filter({ hasText: text });
    await arrived.waitFor({ timeout: 20_000 });
    await arrived.getByText(fileName).waitFor();
    // The API channel writes the signature as the name on its own line (decision 0070); text matching folds the line break.
    await arrived.getByText(`${created!.user.name} ${text}`, { exact: true }).waitFor();
    await screenshot(customer, "schedules-simulator-file");
    await row.getByText("Sent").waitFor({ timeout: 10_000 });
    expect(await customer.getByText(new RegExp(`Ticket #${ticketId}`)).count()).toBeGreaterThan(0);
    await screenshot(page, "schedules-page-sent");
    // In the conversation, as the attendant's message.
    await page.goto(`/tickets/${ticketId}`);
    await page.getByRole("region", { name: "Messages" }).getByRole("listitem").filter({ hasText: text }).waitFor();

    // The contact's own list, from the contacts page.
    await page.goto("/contacts");
    const contactName = created!.contact.name;
    await page.getByLabel("Search contacts").fill(number);
    await page.getByRole("button", { name: `Scheduled messages to ${contactName}` }).first().click();
    const contactDialog = page.getByRole("dialog", { name: `Scheduled messages to ${contactName}` });
    await contactDialog.getByTestId("schedule-row").filter({ hasText: text }).getByText("Sent").waitFor();
    await screenshot(page, "schedules-contact-dialog");
    await context.close();
    // One journey (the sending is its middle), with two accessibility scans: longer than the default minute on a busy machine.
  }, 150_000);
});
