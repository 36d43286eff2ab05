import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, createQueue, launchBrowser, screenshot, signedIn } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";

/**
 * Automatic assignment (issue 30, decision 0079), as an admin sets it up and a customer meets it:
 * the admin turns a queue to round robin in the queue form and gives an attendant a maximum of
 * open tickets in the user form; two attendants of the queue are online; a customer writes in the
 * connection's simulator and the ticket reaches one of them, open and theirs, its header saying it
 * was assigned automatically. The queue, the attendants and the connection come from the API.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const attendants = [
  { name: `Ana ${suffix}`, email: `ana-${suffix}@e2e.atendo.test` },
  { name: `Beto ${suffix}`, email: `beto-${suffix}@e2e.atendo.test` },
];
const queueName = `Help desk ${suffix}`;
const connectionName = `Help line ${suffix}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const ids: number[] = [];
  for (const person of attendants) {
    ids.push((await api<{ id: number }>("/users", { method: "POST", token, body: JSON.stringify({ ...person, password, profile: "user" }) })).id);
  }
  const queue = await createQueue(token, { name: queueName, greetingMessage: "", userIds: ids });
  await api("/whatsapp", { method: "POST", token, body: JSON.stringify({ name: connectionName, kind: "api", destinationType: "queue", destinationItem: queue.id }) });
});
afterAll(() => browser.close());

/** An attendant says they are online (the app bar's presence menu calls this route). */
async function goOnline(email: string): Promise<void> {
  const { token } = await api<{ token: string }>("/auth/login", { method: "POST", body: JSON.stringify({ email, password }) });
  await api("/users/me/presence", { method: "PUT", token, body: JSON.stringify({ status: "online" }) });
}

const rows = (page: Page, label: string) => page.getByRole("list", { name: label }).getByRole("listitem");

describe("automatic assignment", () => {
  it("an admin sets a queue to round robin; a customer writing in the simulator is assigned to one of its two online attendants", async () => {
    const admin = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    const page = admin.page;

    // The queue form: Assignment, then the returning-customer switch an automatic mode brings.
    await openConfigPage(page, "Queues");
    await page.getByRole("row").filter({ hasText: queueName }).getByRole("button", { name: `Edit ${queueName}` }).click();
    await page.getByRole("heading", { name: "Edit queue" }).waitFor();
    const mode = page.getByRole("combobox", { name: "Assignment" });
    expect(await mode.textContent()).toBe("Manual");
    expect(await page.getByLabel("Returning customers go to their last attendant").count()).toBe(0);
    await mode.click();
    await page.getByRole("option", { name: "Round robin" }).click();
    await page.getByText("New conversations go, in turn, to the online member assigned longest ago").waitFor();
    await page.getByLabel("Returning customers go to their last attendant").waitFor();
    await mode.scrollIntoViewIfNeeded();
    await screenshot(page, "assignment-queue-form-1280");
    await page.setViewportSize({ width: 500, height: 900 });
    await mode.scrollIntoViewIfNeeded();
    await screenshot(page, "assignment-queue-form-500");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "Queue saved." }).waitFor();

    // The user form: a maximum of open tickets for the first attendant, checked as typed.
    await openConfigPage(page, "Users");
    await page.getByLabel("Search users").fill(attendants[0]!.email);
    await page.getByRole("row").filter({ hasText: attendants[0]!.email }).getByRole("button", { name: `Edit ${attendants[0]!.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit user" });
    const capacity = dialog.getByLabel("Maximum open tickets");
    await capacity.fill("0");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("A whole number from 1 to 1000, or empty for no limit.").waitFor();
    await capacity.fill("5");
    await capacity.scrollIntoViewIfNeeded();
    await screenshot(page, "assignment-user-form-1280");
    await page.setViewportSize({ width: 500, height: 900 });
    await capacity.scrollIntoViewIfNeeded();
    await screenshot(page, "assignment-user-form-500");
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "User saved." }).waitFor();
    await dialog.waitFor({ state: "detached" });

    // Both attendants are at their desks, online, their open tickets on screen.
    const desks: Page[] = [];
    for (const person of attendants) {
      const side = await signedIn(browser, person.email, password);
      await side.page.getByRole("list", { name: "Open tickets" }).or(side.page.getByText("No open tickets.", { exact: false })).first().waitFor();
      await goOnline(person.email);
      desks.push(side.page);
    }

    // A customer writes in the simulator.
    await openConfigPage(page, "Connections");
    await page.getByRole("row").filter({ hasText: connectionName }).getByRole("link", { name: "Simulator" }).click();
    await page.getByRole("heading", { name: `Customer simulator · ${connectionName}` }).waitFor();
    const customer = { name: `Clara ${suffix}`, number: `55319${Date.now().toString().slice(-8)}` };
    await page.getByLabel(/^Customer name/).fill(customer.name);
    await page.getByLabel(/^Customer number/).fill(customer.number);
    await page.getByText("No messages yet. Write the first one below.").waitFor();
    const box = page.getByLabel("Message");
    await box.fill("Hello, I need help with my order");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText(/Ticket #\d+ · in attendance/).waitFor();

    // It reached one attendant's open tickets, nobody accepted it: the header says how.
    const holder = await Promise.race(
      desks.map(async (desk, index) => {
        await rows(desk, "Open tickets").filter({ hasText: customer.name }).waitFor();
        return index;
      }),
    );
    const desk = desks[holder]!;
    const other = desks[1 - holder]!;
    expect(await rows(other, "Open tickets").filter({ hasText: customer.name }).count()).toBe(0);
    await rows(desk, "Open tickets").filter({ hasText: customer.name }).getByRole("link", { name: new RegExp(customer.name) }).click();
    await desk.waitForURL(/\/tickets\/\d+$/);
    await desk.getByText(`With ${attendants[holder]!.name} (automatic)`).waitFor();
    await screenshot(desk, "assignment-ticket-header-1280");
    await admin.context.close();
    for (const d of desks) await d.context().close();
  });
});
