import type { TicketBulkResponse } from "@atendo/contracts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeFindings, describeFindings } from "./support/axe.js";
import { adminToken, api, createQueue, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";

/**
 * Bulk close (issue 29, decision 0077): an attendant holds 100 open conversations and takes part
 * in 2 of a colleague's. She selects every loaded row (scrolling loads the pages), closes them in
 * one go: the 100 leave her list live, and the summary says the 2 she may not close were refused
 * and why. Then on a phone the bar fits, a row is chosen with the keyboard and a range with
 * shift-click.
 */
const suffix = Date.now().toString(36);
/** Digits for the customers' numbers, apart from other runs'. */
const stamp = String(Date.now()).slice(-6);
const password = "attendant-password";
const attendant = { name: `Bulk Bea ${suffix}`, email: `bulk-bea-${suffix}@e2e.atendo.test` };
const owned = 100;
let browser: Browser;

const customerName = (n: number) => `Bulk ${suffix} ${String(n).padStart(3, "0")}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminToken();
  const queue = await createQueue(admin, { name: `Bulk queue ${suffix}` });
  await api("/users", { method: "POST", token: admin, body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [queue.id] }) });
  const me = await api<{ token: string; user: { id: number } }>("/auth/login", { method: "POST", body: JSON.stringify({ email: attendant.email, password }) });
  const connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Bulk line ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
  const ticketIds: number[] = [];
  for (let n = 1; n <= owned + 2; n++) {
    const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiToken}` },
      body: JSON.stringify({ externalId: `bulk-${suffix}-${n}`, from: { number: `55${stamp}${String(n).padStart(4, "0")}`, name: customerName(n) }, body: `Hello ${n}` }),
    });
    ticketIds.push(ticketId);
  }
  const bulk = (token: string, body: object) => api<TicketBulkResponse>("/tickets/bulk", { method: "POST", token, body: JSON.stringify(body) });
  // The attendant takes the first 100; the admin the last 2, and invites her into them.
  await bulk(me.token, { action: "accept", ticketIds: ticketIds.slice(0, owned) });
  await bulk(admin, { action: "accept", ticketIds: ticketIds.slice(owned) });
  for (const id of ticketIds.slice(owned)) {
    await api(`/tickets/${id}/participant`, { method: "POST", token: admin, body: JSON.stringify({ participantIds: [me.user.id] }) });
  }
});
afterAll(() => browser.close());

const row = (page: Page, n: number) => page.getByRole("listitem").filter({ hasText: customerName(n) });
const bar = (page: Page) => page.getByRole("region", { name: "Actions on the selected tickets" });

/** Scrolls the list until its oldest row (the first customer) is loaded and shown. */
async function loadEveryRow(page: Page): Promise<void> {
  await row(page, owned + 2).waitFor();
  const list = await row(page, owned + 2).boundingBox();
  await page.mouse.move(list!.x + list!.width / 2, list!.y + 5);
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 4000);
        return row(page, 1).isVisible();
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
}

describe("bulk actions on the ticket list", () => {
  it("closes 100 selected tickets at once; the list updates live and the summary names the refusals", async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 800 });
    const live = liveConnection(page);
    await loginAs(page, attendant.email, password);
    await live;
    await page.getByRole("tab", { name: /^Open/ }).click();
    await page.getByRole("button", { name: "Select tickets" }).click();
    // The bar downloads when selecting starts and pushes the rows down: scroll once it is there.
    await bar(page).waitFor();
    await loadEveryRow(page);
    await bar(page).getByRole("checkbox", { name: "Select all loaded tickets" }).check();
    await bar(page).getByText("102 selected").waitFor();
    await screenshot(page, "tickets-bulk-selected");

    await bar(page).getByRole("button", { name: "Close", exact: true }).click();
    const summary = bar(page).getByRole("status").filter({ hasText: "done" });
    await summary.getByText(/^100 done, 2 refused: /).waitFor();
    expect(await summary.innerText()).toContain("(2)");
    // The closed ones leave the Open tab; the two she only takes part in stay.
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: `Bulk ${suffix}` }).count(), { timeout: 15_000 }).toBe(2);
    // The refused ones stay selected, to act on them otherwise.
    await bar(page).getByText("2 selected").waitFor();
    await row(page, owned + 1).waitFor();
    await screenshot(page, "tickets-bulk-summary");
    await context.close();
  });

  it("fits a 360 px phone, and is usable with the keyboard and shift-click", async () => {
    const { context, page } = await newPage(browser, { width: 360, height: 740 });
    const live = liveConnection(page);
    await loginAs(page, attendant.email, password);
    await live;
    await page.getByRole("tab", { name: /^Open/ }).click();
    await row(page, owned + 2).waitFor();
    await page.getByRole("button", { name: "Select tickets" }).click();
    const first = page.getByRole("checkbox", { name: `Select the ticket of ${customerName(owned + 2)}` });
    await first.focus();
    await page.keyboard.press("Space");
    await bar(page).getByText("1 selected").waitFor();
    // Some selected: "select all" is indeterminate, and says so as its input's own state too.
    expect(await bar(page).getByRole("checkbox", { name: "Select all loaded tickets" }).evaluate((input: HTMLInputElement) => input.indeterminate)).toBe(true);
    const some = (await axeFindings(page, "some selected on a phone")).filter((finding) => !finding.targets.every((target) => target === 'button[aria-label="Account menu"]'));
    expect(some, describeFindings(some)).toEqual([]);
    await first.click(); // unselect; this row is the range's anchor
    await page.getByRole("checkbox", { name: `Select the ticket of ${customerName(owned + 1)}` }).click({ modifiers: ["Shift"] });
    await bar(page).getByText("2 selected").waitFor();
    // Every action and the count are inside the phone's width.
    for (const name of ["Select all loaded tickets", "Accept", "Transfer", "Close", "Reopen", "Add labels", "Remove labels", "Stop selecting"]) {
      const box = await bar(page).getByRole(name === "Select all loaded tickets" ? "checkbox" : "button", { name, exact: true }).boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(360);
    }
    // No serious axe finding with the checkboxes and the bar (the shell's account button's initials are its owner's).
    const found = (await axeFindings(page, "selecting on a phone")).filter((finding) => !finding.targets.every((target) => target === 'button[aria-label="Account menu"]'));
    expect(found, describeFindings(found)).toEqual([]);
    await bar(page).getByRole("button", { name: "Transfer", exact: true }).click();
    await page.getByRole("dialog", { name: "Transfer 2 tickets" }).waitFor();
    await screenshot(page, "tickets-bulk-phone-transfer");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await bar(page).getByRole("button", { name: "Add labels", exact: true }).click();
    await page.getByRole("dialog", { name: "Add labels to 2 tickets" }).waitFor();
    await screenshot(page, "tickets-bulk-phone-labels");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await screenshot(page, "tickets-bulk-phone");
    await context.close();
  });
});
