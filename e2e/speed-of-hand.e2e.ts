import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, createQueue, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * Speed of hand (issue 29, decision 0076): the `?` list of shortcuts; a ticket worked with the
 * keyboard alone (next ticket, accept, composer, send); the Ctrl+K palette opens a ticket by its
 * number and offers an attendant neither admin screens nor another queue's ticket; the dark
 * scheme chosen in the account menu survives a reload.
 */
const suffix = Date.now().toString(36);
const password = "speed-of-hand-password";
const attendant = { name: `Iris ${suffix}`, email: `iris-${suffix}@e2e.atendo.test` };
let browser: Browser;
const ticketIds = { mine: [] as number[], otherQueue: 0 };
const customerName = (tag: string) => `Hand ${tag} ${suffix}`;

async function customerWrites(connection: { id: number; apiToken: string }, tag: string, tail: number): Promise<number> {
  const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}` },
    body: JSON.stringify({
      externalId: `hand-${suffix}-${tag}`,
      from: { name: customerName(tag), number: `55419${(Date.now() + tail).toString().slice(-8)}` },
      body: `Question from ${tag}`,
    }),
  });
  return ticketId;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const mine = await createQueue(token, { name: `Hand ${suffix}` });
  const other = await createQueue(token, { name: `Elsewhere ${suffix}` });
  await api("/users", { method: "POST", token, body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [mine.id] }) });
  const connection = (queueId: number, name: string) =>
    api<{ id: number; apiToken: string }>("/whatsapp", { method: "POST", token, body: JSON.stringify({ name, kind: "api", destinationType: "queue", destinationItem: queueId }) });
  const mineConnection = await connection(mine.id, `Hand chat ${suffix}`);
  const otherConnection = await connection(other.id, `Elsewhere chat ${suffix}`);
  ticketIds.mine = [await customerWrites(mineConnection, "alpha", 1), await customerWrites(mineConnection, "beta", 2), await customerWrites(mineConnection, "gamma", 3)];
  ticketIds.otherQueue = await customerWrites(otherConnection, "hidden", 4);
});
afterAll(() => browser.close());

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const paletteInput = (page: Page) => page.getByRole("combobox", { name: "Go to a ticket, a screen or an action" });
const options = (page: Page) => palette(page).getByRole("option");

/** Opens the palette with the keyboard and types `text`; waits for the search to have answered. */
async function paletteSearch(page: Page, text: string): Promise<void> {
  // Not while a palette is still closing (shortcuts wait for dialogs to be gone).
  await palette(page).waitFor({ state: "detached" });
  await page.keyboard.press("Control+KeyK");
  // Typed at once, as a person does: keys typed while the palette downloads are kept.
  await page.keyboard.type(text);
  await expect.poll(() => paletteInput(page).inputValue()).toBe(text);
  await page.waitForFunction(() => !document.querySelector('[role="dialog"] [role="status"]')?.textContent?.includes("Searching"));
}

/** Nothing focused that takes text: single-key shortcuts are meant to work. */
async function focusPage(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

describe("shortcuts and the command palette", () => {
  it("lists the shortcuts on ?, and works a ticket with the keyboard alone", async () => {
    const { context, page } = await signedIn(browser, attendant.email, password);
    await page.getByRole("tab", { name: /^Waiting/ }).click();
    const waiting = page.getByRole("list", { name: "Waiting tickets" });
    await waiting.getByText(customerName("gamma")).waitFor();

    // "?" shows the list; a single key typed in a field does not.
    await page.getByRole("textbox", { name: "Search tickets" }).or(page.getByRole("searchbox", { name: "Search tickets" })).focus();
    await page.keyboard.type("?");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    await focusPage(page);
    await page.keyboard.press("Shift+Slash");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.waitFor();
    for (const action of ["Next ticket", "Accept the ticket", "Transfer the ticket…", "Go to the message box", "Send the message", "Open the command palette"]) {
      await help.getByRole("cell", { name: action }).waitFor();
    }
    // While the dialog is open, J does nothing.
    await page.keyboard.press("j");
    expect(page.url()).toMatch(/\/tickets$/);
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "detached" });

    // J opens the list's first ticket, then the next; K goes back.
    const order = await waiting.getByRole("listitem").evaluateAll((rows) => rows.map((row) => row.textContent ?? ""));
    const ours = ["alpha", "beta", "gamma"].map(customerName).sort((a, b) => order.findIndex((text) => text.includes(a)) - order.findIndex((text) => text.includes(b)));
    const header = page.getByRole("heading", { level: 2 });
    await focusPage(page);
    await page.keyboard.press("j");
    await header.filter({ hasText: ours[0] }).waitFor();
    await page.keyboard.press("j");
    await header.filter({ hasText: ours[1] }).waitFor();
    await page.keyboard.press("k");
    await header.filter({ hasText: ours[0] }).waitFor();

    // A accepts (the button's condition), Alt+M goes to the composer, Ctrl+Enter sends.
    await page.getByRole("button", { name: "Accept", exact: true }).waitFor();
    await page.keyboard.press("a");
    await page.getByRole("button", { name: "Accept", exact: true }).waitFor({ state: "detached" });
    const composer = page.getByRole("textbox", { name: "Message" });
    await expect.poll(() => composer.isEnabled()).toBe(true);
    // Accepted: A no longer has anything to do here (nothing breaks, nothing is typed).
    await page.keyboard.press("a");
    await page.keyboard.press("Alt+KeyM");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Message");
    // Typed in the composer, the single keys are text.
    await page.keyboard.type(`Hi, j k a t c from the keyboard ${suffix}`);
    expect(await composer.inputValue()).toBe(`Hi, j k a t c from the keyboard ${suffix}`);
    await page.keyboard.press("Control+Enter");
    await page.getByRole("region", { name: "Messages" }).getByRole("listitem").filter({ hasText: `j k a t c from the keyboard ${suffix}` }).waitFor();
    await expect.poll(() => composer.inputValue()).toBe("");

    // T opens the transfer dialog of the open ticket (its button's condition holds now).
    await focusPage(page);
    await page.keyboard.press("t");
    await page.getByRole("dialog", { name: /Transfer/ }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: /Transfer/ }).waitFor({ state: "detached" });

    // Ctrl+K, a number, Enter: that ticket opens.
    const target = ticketIds.mine[2];
    await paletteSearch(page, `#${target}`);
    await options(page).filter({ hasText: `Ticket #${target}` }).waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/tickets/${target}`);
    await header.filter({ hasText: customerName("gamma") }).waitFor();
    await context.close();
  });

  it("offers an attendant neither admin screens nor a ticket of another queue", async () => {
    const { context, page } = await signedIn(browser, attendant.email, password);
    await page.getByRole("tab", { name: /^Waiting/ }).waitFor();
    await page.keyboard.press("Control+KeyK");
    await paletteInput(page).waitFor();
    const screens = await options(page).allTextContents();
    expect(screens.some((text) => text.startsWith("Conversations"))).toBe(true);
    for (const admin of ["Users", "Connections", "Reports", "Queues", "About"]) {
      expect(screens.some((text) => text.startsWith(admin)), admin).toBe(false);
    }
    await screenshot(page, "0076-palette-attendant");
    await page.keyboard.press("Escape");
    await palette(page).waitFor({ state: "detached" });

    // By its number and by its contact's name: the other queue's ticket is not offered.
    await paletteSearch(page, `#${ticketIds.otherQueue}`);
    await palette(page).getByText("Nothing matches").waitFor();
    expect(await options(page).count()).toBe(0);
    await page.keyboard.press("Escape");
    await palette(page).waitFor({ state: "detached" });
    await paletteSearch(page, customerName("hidden"));
    // What the search answered (the journeys share one server: other customers may match a word).
    const offered = await options(page).allTextContents();
    expect(offered.filter((text) => text.includes(customerName("hidden")) || text.includes(`#${ticketIds.otherQueue}`))).toEqual([]);
    // The same search finds the attendant's own queue's customer.
    await page.keyboard.press("Control+A");
    await page.keyboard.type(customerName("beta"));
    await options(page).filter({ hasText: `Ticket #${ticketIds.mine[1]}` }).waitFor();
    await context.close();
  });

  it("offers an admin the admin screens and any ticket", async () => {
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("tab", { name: /^Waiting/ }).waitFor();
    await paletteSearch(page, "Rep");
    await options(page).filter({ hasText: "Reports" }).waitFor();
    // The journeys share one server: a customer named Rep… may be listed before the screen.
    const listed = await options(page).allTextContents();
    for (let i = 0; i < listed.findIndex((text) => text.includes("Reports")); i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    await paletteSearch(page, `${ticketIds.otherQueue}`);
    await options(page).filter({ hasText: `Ticket #${ticketIds.otherQueue}` }).waitFor();
    await context.close();
  });
});

describe("dark mode", () => {
  it("is chosen in the account menu, kept after a reload, and drawn on tickets, dialogs and reports", async () => {
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    const scheme = () => page.evaluate(() => document.documentElement.dataset.colorScheme);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await scheme()).toBe("light");
    await page.getByRole("tab", { name: /^Waiting/ }).waitFor();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitemradio", { name: "System" }).waitFor();
    await screenshot(page, "0076-account-menu");
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    expect(await scheme()).toBe("dark");
    expect(await page.getByRole("menuitemradio", { name: "Dark" }).getAttribute("aria-checked")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(background).toBe("rgb(15, 20, 23)");

    await page.reload();
    // Marked before React draws: already dark when the page's script has run, then MUI's too.
    expect(await scheme()).toBe("dark");
    await page.getByRole("tab", { name: /^Waiting/ }).waitFor();
    expect(await background()).toBe("rgb(15, 20, 23)");
    await page.goto(`/tickets/${ticketIds.otherQueue}`);
    await page.getByRole("region", { name: "Messages" }).getByText("Question from hidden").waitFor();
    await screenshot(page, "0076-dark-ticket");
    await focusPage(page);
    await page.keyboard.press("Shift+Slash");
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    await screenshot(page, "0076-dark-shortcuts-dialog");
    await page.keyboard.press("Escape");
    await page.goto("/dashboard");
    await page.locator("h1").filter({ hasText: "Reports" }).waitFor({ state: "attached" });
    await page.getByRole("columnheader").first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[role="progressbar"]:not([aria-valuenow])').length === 0);
    await screenshot(page, "0076-dark-reports");

    // Back to the system's choice (light in this browser).
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitemradio", { name: "System" }).click();
    expect(await scheme()).toBe("light");
    await context.close();
  });
});
