import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, createQueue, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * The board (issue 29, decision 0075): an admin picks two labels as columns, drags a card from
 * one to the other with the mouse and moves it back with the keyboard; the ticket's labels follow
 * (read through the API) and a second browser sees the card move live.
 */
const suffix = Date.now().toString(36);
// "A…" sorts before "B…": the columns follow the labels' order by name.
const first = `A board ${suffix}`;
const second = `B board ${suffix}`;
const customer = `Board card ${suffix}`;
let browser: Browser;
let admin: string;
let tags: { first: number; second: number };
let ticketId: number;
let page: Page;

async function tagIdsOf(id: number): Promise<number[]> {
  const shown = await api<{ ticket: { tags: { id: number }[] } }>(`/tickets/${id}`, { token: admin });
  return shown.ticket.tags.map((tag) => tag.id);
}

/** Polls the API until the ticket carries exactly `expected`. */
async function expectTags(expected: number[]): Promise<void> {
  await expect.poll(() => tagIdsOf(ticketId), { timeout: 10_000 }).toEqual(expected);
}

const column = (page: Page, name: string): Locator => page.getByRole("region", { name, exact: true });
const card = (page: Page, columnName: string): Locator => column(page, columnName).getByRole("link", { name: new RegExp(customer) });

async function openBoardWithColumns(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Board" }).first().click();
  await page.getByRole("heading", { name: "Board" }).waitFor();
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("menuitemcheckbox", { name: first }).click();
  await page.getByRole("menuitemcheckbox", { name: second }).click();
  await page.keyboard.press("Escape");
  await column(page, second).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const create = (name: string, color: string) => api<{ id: number }>("/tags", { method: "POST", token: admin, body: JSON.stringify({ name, color }) });
  tags = { first: (await create(first, "#9C27B0")).id, second: (await create(second, "#009688")).id };
  const queue = await createQueue(admin, { name: `Board queue ${suffix}` });
  const connection = await api<{ id: number }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Board chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
  const contact = await api<{ id: number }>("/contacts", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: customer, number: `55117${Date.now().toString().slice(-8)}` }),
  });
  const created = await api<{ ticket: { id: number } }>("/tickets", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ contactId: contact.id, status: "open", whatsappId: connection.id }),
  });
  ticketId = created.ticket.id;
  await api(`/tickets/${ticketId}/tags`, { method: "PUT", token: admin, body: JSON.stringify({ tagIds: [tags.first] }) });
});
afterAll(() => browser.close());

describe("board", () => {
  it("moves a card between label columns with the mouse and the keyboard, live in a second browser", async () => {
    page = (await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password)).page;
    const { page: watcher } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await openBoardWithColumns(page);
    await openBoardWithColumns(watcher);
    await card(page, first).waitFor();
    await card(watcher, first).waitFor();
    // The columns are remembered: a reload keeps them.
    await page.reload();
    await card(page, first).waitFor();
    await screenshot(page, "board-1280");

    // The mouse: press on the card, travel to the other column, release.
    const from = (await card(page, first).boundingBox())!;
    const to = (await column(page, second).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await screenshot(page, "board-dragging");
    await page.mouse.up();
    await card(page, second).waitFor();
    await expect.poll(() => card(page, first).count()).toBe(0);
    await expectTags([tags.second]);
    // Live in the other browser.
    await card(watcher, second).waitFor();
    await expect.poll(() => card(watcher, first).count()).toBe(0);
    // The drag did not open the ticket.
    expect(new URL(page.url()).pathname).toBe("/board");

    // The keyboard: Space picks up, Left chooses the first column, Space drops; a live region says so.
    await card(page, second).focus();
    await page.keyboard.press("Space");
    await page.getByRole("status").filter({ hasText: `Picked up the card of ${customer} in ${second}` }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("status").filter({ hasText: `Over ${first}.` }).waitFor();
    await page.keyboard.press("Space");
    await page.getByRole("status").filter({ hasText: `The card of ${customer} moved to ${first}.` }).waitFor();
    await card(page, first).waitFor();
    await expectTags([tags.first]);
    await card(watcher, first).waitFor();
    await expect.poll(() => card(watcher, second).count()).toBe(0);
    // Focus follows the card, so a second move needs no search: Escape cancels it.
    await expect.poll(() => card(page, first).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Escape");
    await page.getByRole("status").filter({ hasText: `Move cancelled. The card of ${customer} stays in ${first}.` }).waitFor();
    await expectTags([tags.first]);

    // Enter opens the ticket.
    await card(page, first).press("Enter");
    await page.waitForURL(`**/tickets/${ticketId}`);

    // A phone-sized window: the columns scroll sideways, each nearly the window's width.
    await page.setViewportSize({ width: 500, height: 800 });
    await page.goto("/board");
    await card(page, first).waitFor();
    const narrow = (await column(page, first).boundingBox())!;
    expect(narrow.width).toBeLessThanOrEqual(500);
    // The first column shows from the start, the others lie to the right of the window.
    expect(narrow.x).toBeLessThan(40);
    const last = (await column(page, "No label").boundingBox())!;
    expect(last.x + last.width).toBeGreaterThan(500);
    await screenshot(page, "board-500");
  });

  it("reports count the period's conversations per label", async () => {
    // The journey's own page (one sign-in fewer): the ticket it moved was created today.
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Conversations per label", level: 3 }).waitFor();
    const card = page.locator("figure").filter({ has: page.getByRole("heading", { name: "Conversations per label", level: 3 }) });
    await card.getByRole("row").filter({ hasText: first }).getByText("1", { exact: true }).waitFor();
    expect(await card.getByRole("row").filter({ hasText: second }).count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "reports-per-label");
  });
});
