import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, createQueue, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";

/**
 * The ticket list of two attendants working one queue (issue 5): a queue member and an
 * outsider, each in their own browser, and customers writing through an API connection that
 * routes to the queue.
 */
const suffix = Date.now().toString(36);
/** The suffix in letters only: a search with digits also matches contact numbers by those digits. */
const word = suffix.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] ?? "");
const password = "attendant-password";
let browser: Browser;
let admin: string;
let connection: { id: number; apiToken: string };
let queueId: number;
const member = { name: `Marta ${suffix}`, email: `marta-${suffix}@e2e.atendo.test` };
const outsider = { name: `Otto ${suffix}`, email: `otto-${suffix}@e2e.atendo.test` };

let messageSeq = 0;
/** A customer writes through the API channel (docs/api-channel.md); answers the ticket's id. */
async function customerWrites(number: string, name: string, body: string): Promise<number> {
  const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}` },
    body: JSON.stringify({ externalId: `list-${suffix}-${++messageSeq}`, from: { number, name }, body }),
  });
  return ticketId;
}

/** A browser context signed in as `who`, with notifications allowed and every one recorded. */
async function signIn(who: { email: string }): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  await context.grantPermissions(["notifications"]);
  // Record what the app shows through the Notification constructor (the title and body a person sees).
  await page.addInitScript(() => {
    const Original = window.Notification;
    const shown: { title: string; body: string }[] = [];
    const instances: Notification[] = [];
    Object.assign(window, { shownNotifications: shown, notificationInstances: instances });
    class Recorded extends Original {
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body ?? "" });
        super(title, options);
        instances.push(this);
      }
    }
    Object.defineProperty(window, "Notification", { value: Recorded, configurable: true, writable: true });
  });
  const live = liveConnection(page);
  await loginAs(page, who.email, password);
  await live;
  return { context, page };
}

const shown = (page: Page) => page.evaluate(() => (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications);
const waitingTab = (page: Page) => page.getByRole("tab", { name: /^Waiting/ });
const openTab = (page: Page) => page.getByRole("tab", { name: /^Open/ });
/** The number a tab's accessible name carries: "Waiting (3)". */
async function tabCount(tab: ReturnType<Page["getByRole"]>): Promise<number> {
  await tab.waitFor();
  return Number(/\((\d+)\)/.exec((await tab.textContent()) ?? "")?.[1] ?? "0");
}
/** The unread count the document title starts with: "(2) Atendo". */
async function titleCount(page: Page): Promise<number> {
  return Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? "0");
}
async function titleShows(page: Page, count: number): Promise<void> {
  await page.waitForFunction((expected) => (/^\((\d+)\)/.exec(document.title)?.[1] ?? "0") === String(expected), count);
}
const rows = (page: Page, label: string) => page.getByRole("list", { name: label }).getByRole("listitem");
const conversationBubble = (page: Page, text: string) => page.getByRole("region", { name: "Messages" }).getByRole("listitem").filter({ hasText: text });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const queue = await createQueue(admin, { name: `Returns ${suffix}` });
  queueId = queue.id;
  for (const user of [
    { ...member, queueIds: [queueId] },
    { ...outsider, queueIds: [] },
  ]) {
    await api("/users", { method: "POST", token: admin, body: JSON.stringify({ ...user, password, profile: "user" }) });
  }
  connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Shop chat ${suffix}`, label: `Shop ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queueId }),
  });
});
afterAll(() => browser.close());

describe("ticket list", () => {
  it("shows a customer's message live to the queue's member only; accept moves it to open; search finds it; notifications", async () => {
    const memberSide = await signIn(member);
    const outsiderSide = await signIn(outsider);
    const { page } = memberSide;
    for (const side of [page, outsiderSide.page]) {
      await waitingTab(side).click();
      // As a person would, look at the loaded tab (rows, or the empty text) before the customer writes.
      await side.getByRole("list", { name: "Waiting tickets" }).or(side.getByText("Nobody is waiting.")).first().waitFor();
    }

    const waitingBefore = await tabCount(waitingTab(page));
    const unreadBefore = await titleCount(page);
    const customer = `Clara ${suffix}`;
    const text = `My parcel ${word} arrived damaged`;
    const ticketId = await customerWrites(`55118${Date.now().toString().slice(-8)}`, customer, text);

    // Live, as waiting, for the member: name, message, queue and connection on the row.
    const row = rows(page, "Waiting tickets").filter({ hasText: customer });
    await row.getByText(text).waitFor();
    await row.getByText(`Returns ${suffix}`).waitFor();
    await row.getByText(`Shop ${suffix}`).waitFor();
    // The tab's badge counts it (refreshed once the burst of events settles).
    await page.getByRole("tab", { name: `Waiting (${waitingBefore + 1})` }).waitFor();
    // The member was told, with the customer's name and words.
    await page.waitForFunction((body) => (window as unknown as { shownNotifications: { body: string }[] }).shownNotifications.some((n) => n.body === body), text);
    expect(await shown(page)).toContainEqual({ title: customer, body: text });

    // Not for the outsider. Proof without waiting on a clock: a later waiting ticket with no queue
    // (everyone's) reaches them live, and events arrive in order, so the first one would be there.
    const { id: contactId } = await api<{ id: number }>("/contacts", {
      method: "POST",
      token: admin,
      body: JSON.stringify({ name: `Walk-in ${suffix}`, number: `55117${Date.now().toString().slice(-8)}` }),
    });
    await api("/tickets", { method: "POST", token: admin, body: JSON.stringify({ contactId, status: "pending", queueId: null, whatsappId: connection.id }) });
    const outsiderRows = rows(outsiderSide.page, "Waiting tickets");
    await outsiderRows.filter({ hasText: `Walk-in ${suffix}` }).waitFor();
    expect(await outsiderRows.filter({ hasText: customer }).count()).toBe(0);
    expect(await shown(outsiderSide.page)).not.toContainEqual(expect.objectContaining({ title: customer }));
    // A waiting ticket does not open on click: only its accept button does.
    await row.getByText(text).click();
    expect(page.url()).toMatch(/\/tickets$/);

    // Accept: the conversation opens and the ticket moves from waiting to open; reading it drops
    // the unread count of the title (and the drawer badge).
    await titleShows(page, unreadBefore + 1);
    await row.getByRole("button", { name: `Accept ticket from ${customer}` }).click();
    await page.waitForURL(`**/tickets/${ticketId}`);
    await titleShows(page, unreadBefore);
    await rows(page, "Waiting tickets").filter({ hasText: customer }).waitFor({ state: "detached" });
    await openTab(page).click();
    const openRow = rows(page, "Open tickets").filter({ hasText: customer });
    await openRow.getByRole("link", { name: new RegExp(customer) }).waitFor();
    expect(await openRow.getByRole("link").getAttribute("aria-current")).toBe("page");

    // While this ticket is open and on screen, its new messages do not notify; another one's do.
    await customerWrites(await numberOf(ticketId), customer, `Photo of the box ${suffix}`);
    await openRow.getByText(`Photo of the box ${suffix}`).waitFor();
    const other = `Davi ${suffix}`;
    await customerWrites(`55116${Date.now().toString().slice(-8)}`, other, `Is the shop open on Sunday ${suffix}?`);
    await page.waitForFunction((title) => (window as unknown as { shownNotifications: { title: string }[] }).shownNotifications.some((n) => n.title === title), other);
    expect(await shown(page)).toContainEqual({ title: other, body: `Is the shop open on Sunday ${suffix}?` });
    expect(await shown(page)).not.toContainEqual(expect.objectContaining({ body: `Photo of the box ${suffix}` }));

    // Search by the message's words, from 3 characters: the search view shows the ticket.
    await page.getByLabel("Search tickets").fill(`parcel ${word}`);
    const found = rows(page, "Search results").filter({ hasText: customer });
    await found.waitFor();
    expect(await rows(page, "Search results").filter({ hasText: other }).count()).toBe(0);
    // Choosing a tab leaves the search.
    await waitingTab(page).click();
    expect(await page.getByLabel("Search tickets").inputValue()).toBe("");
    await rows(page, "Waiting tickets").filter({ hasText: other }).waitFor();

    // Clicking the notification opens its ticket.
    await page.evaluate((title) => {
      const list = (window as unknown as { notificationInstances: Notification[] }).notificationInstances;
      list.find((n) => n.title === title)?.onclick?.(new Event("click"));
    }, other);
    await page.waitForURL(/\/tickets\/\d+$/);
    expect(page.url()).not.toContain(`/tickets/${ticketId}`);
    await memberSide.context.close();
    await outsiderSide.context.close();
  });
});

describe("the list beside the open ticket", () => {
  it("follows the ticket to the Open tab after accepting it and after reopening it", async () => {
    const { context, page } = await signIn(member);
    const selectedTab = (name: RegExp) => page.getByRole("tab", { name, selected: true });
    await waitingTab(page).click();
    await page.getByRole("list", { name: "Waiting tickets" }).or(page.getByText("Nobody is waiting.")).first().waitFor();
    const customer = `Bruno ${suffix}`;
    const ticketId = await customerWrites(`55114${Date.now().toString().slice(-8)}`, customer, `Can I change my order ${suffix}?`);

    // Accepted from its row: the conversation opens and the list shows it under Open, selected.
    await rows(page, "Waiting tickets").filter({ hasText: customer }).getByRole("button", { name: `Accept ticket from ${customer}` }).click();
    await page.waitForURL(`**/tickets/${ticketId}`);
    await selectedTab(/^Open/).waitFor();
    const openLink = rows(page, "Open tickets").filter({ hasText: customer }).getByRole("link", { name: new RegExp(customer) });
    const selectedRow = openLink.and(page.locator('[aria-current="page"]'));
    await selectedRow.waitFor();

    // Resolved, found among the closed tickets and reopened there: the list goes back to Open.
    await page.getByRole("button", { name: "Resolve" }).click();
    await page.getByRole("menuitem", { name: "Resolve without a farewell message" }).click();
    await page.waitForURL(/\/tickets$/);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Show closed tickets" }).click();
    await page.keyboard.press("Escape");
    // From the keyboard: the filter button's tooltip, shown again as the menu gives back focus, covers the tab.
    await page.getByRole("tab", { name: "Closed" }).press("Enter");
    await rows(page, "Closed tickets").filter({ hasText: customer }).getByRole("link", { name: new RegExp(customer) }).click();
    await page.waitForURL(`**/tickets/${ticketId}`);
    await selectedTab(/^Closed/).waitFor();
    await page.getByRole("button", { name: "Reopen" }).click();
    await selectedTab(/^Open/).waitFor();
    await selectedRow.waitFor();
    await context.close();
  });
});

describe("a message that arrives in the ticket on screen", () => {
  it("is read: no unread badge on its row, in the drawer or in the title", async () => {
    // An attendant of their own queue and connection: every unread count below is theirs alone.
    const reader = { name: `Rui ${suffix}`, email: `rui-${suffix}@e2e.atendo.test` };
    const queue = await createQueue(admin, { name: `Reading ${suffix}` });
    await api("/users", { method: "POST", token: admin, body: JSON.stringify({ ...reader, password, profile: "user", queueIds: [queue.id] }) });
    const shop = await api<{ id: number; apiToken: string }>("/whatsapp", {
      method: "POST",
      token: admin,
      body: JSON.stringify({ name: `Reading chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
    });
    const writes = (number: string, name: string, body: string) =>
      api(`/channels/${shop.id}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${shop.apiToken}` },
        body: JSON.stringify({ externalId: `read-${suffix}-${++messageSeq}`, from: { number, name }, body }),
      });

    const { context, page } = await signIn(reader);
    await waitingTab(page).click();
    const customer = `Lia ${suffix}`;
    const number = `55113${Date.now().toString().slice(-8)}`;
    await writes(number, customer, "Good morning");
    await rows(page, "Waiting tickets").filter({ hasText: customer }).getByRole("button", { name: `Accept ticket from ${customer}` }).click();
    await conversationBubble(page, "Good morning").waitFor();
    await titleShows(page, 0);

    // The customer writes while the conversation is on screen: it shows, and it is read.
    await writes(number, customer, `Are you there ${suffix}?`);
    await conversationBubble(page, `Are you there ${suffix}?`).waitFor();
    const row = rows(page, "Open tickets").filter({ hasText: customer });
    await row.getByText(`Are you there ${suffix}?`).waitFor();
    // Another customer's message, not on screen, is the one the counts show.
    await writes(`55112${Date.now().toString().slice(-8)}`, `Noa ${suffix}`, "Hello?");
    await row.getByLabel("Unread messages: 0", { exact: true }).waitFor({ state: "attached" });
    await titleShows(page, 1);
    await page.getByRole("link", { name: "Conversations" }).and(page.locator('[aria-description="1 unread"]')).waitFor();
    expect(await row.getByLabel("Unread messages: 0", { exact: true }).count()).toBe(1);
    await context.close();
  });
});

describe("landing on the list, its date filter and its previews (issue 16)", () => {
  it("asks for each tab once, shows one day's tickets, and previews a signed reply without the signature", async () => {
    const { context, page } = await signIn(member);
    const customer = `Dora ${suffix}`;
    const ticketId = await customerWrites(`55114${Date.now().toString().slice(-8)}`, customer, `Where is order ${word}?`);

    // A fresh landing: every GET /api/tickets the page makes, by what it asks for.
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.method() === "GET" && url.pathname === "/api/tickets") asked.push(url.search);
    });
    await page.goto("/tickets");
    await rows(page, "Open tickets").or(page.getByText("No open tickets.", { exact: false })).first().waitFor();
    await page.getByRole("tab", { name: /^Waiting \(\d+\)/ }).waitFor();
    await page.getByRole("tab", { name: /^Open \(\d+\)/ }).waitFor();
    await page.waitForLoadState("networkidle");
    const lists = asked.filter((search) => !search.includes("withUnreadMessages"));
    expect(lists.filter((search) => search.includes("status=open")), lists.join(" ")).toHaveLength(1);
    expect(lists.filter((search) => search.includes("status=pending")), lists.join(" ")).toHaveLength(1);

    // The date filter: the install's today shows the ticket, another day does not.
    const { timeZone } = await api<{ timeZone: string }>("/public/config");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await waitingTab(page).click();
    const row = rows(page, "Waiting tickets").filter({ hasText: customer });
    await row.waitFor();
    await page.getByRole("button", { name: "Filters" }).click();
    const dateField = page.getByLabel("Updated on");
    await dateField.fill(yesterday);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Updated on / }).waitFor();
    await rows(page, "Waiting tickets").first().or(page.getByText("Nobody is waiting.")).waitFor();
    await expect.poll(() => asked.some((search) => search.includes(`date=${yesterday}`))).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(await row.count()).toBe(0);
    await page.getByRole("button", { name: "Filters" }).click();
    await dateField.fill(today);
    await screenshot(page, "d2-date-filter-menu");
    await page.keyboard.press("Escape");
    await row.waitFor();
    await screenshot(page, "d2-date-filter-chip");
    // Cleared from the chip under the search with the keyboard: every day again.
    await page.getByRole("button", { name: /^Updated on / }).focus();
    await page.keyboard.press("Delete");
    await page.getByRole("button", { name: /^Updated on / }).waitFor({ state: "detached" });

    // Accept and reply with the signature on: the customer gets it signed, the list shows the words only.
    await row.getByRole("button", { name: `Accept ticket from ${customer}` }).click();
    await page.waitForURL(`**/tickets/${ticketId}`);
    const reply = `It ships today ${word}`;
    await page.getByRole("textbox", { name: "Message" }).fill(reply);
    await page.keyboard.press("Enter");
    await conversationBubble(page, reply).waitFor();
    const sent = await api<{ messages: { body: string }[] }>(`/messages/${ticketId}?pageNumber=1`, { token: admin });
    expect(sent.messages.map((message) => message.body)).toContain(`${member.name}\n${reply}`);
    const openRow = rows(page, "Open tickets").filter({ hasText: customer });
    await openRow.getByText(reply, { exact: true }).waitFor();
    expect(await openRow.getByText(member.name).count()).toBe(0);
    await context.close();
  });
});

/** The customer's number of a ticket, to write again in the same conversation. */
async function numberOf(ticketId: number): Promise<string> {
  const shown = await api<{ ticket: { contact: { number: string } } }>(`/tickets/${ticketId}`, { token: admin });
  return shown.ticket.contact.number;
}
