import type { MonitorSnapshot } from "@atendo/contracts";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeFindings, describeFindings } from "./support/axe.js";
import { E2E_ADMIN, adminToken, api, baseUrl, createQueue, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * The live monitor (issue 30, decision 0082): an admin opens it from the drawer by keyboard; a
 * customer writes to a connection that routes to a queue, and the queue's waiting count follows
 * within 1 s of the ticket event reaching the page (measured in the page: the event's WebSocket
 * frame, then the count's change); taking the ticket brings it back. At 500 px, light and dark:
 * no sideways scrolling and nothing serious for axe.
 */
const suffix = Date.now().toString(36);
const queueName = `Monitor ${suffix}`;
let browser: Browser;
let admin: string;
let connection: { id: number; apiToken: string };
let attendant: { id: number };
let sequence = 0;

/** A customer's first message through the API channel: a new ticket waiting in the queue. */
async function customerWrites(): Promise<number> {
  const number = `55318${Date.now().toString().slice(-7)}${++sequence}`;
  const response = await fetch(`${baseUrl()}/api/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}`, "content-type": "application/json" },
    body: JSON.stringify({ externalId: `monitor-${suffix}-${sequence}`, from: { number, name: `Customer ${sequence}` }, body: "Hello, is anyone there?" }),
  });
  const answer = (await response.json()) as { ticketId: number };
  if (!response.ok) throw new Error(`inbound: ${response.status} ${JSON.stringify(answer)}`);
  return answer.ticketId;
}

/** The value of a figure ("Waiting", "Longest wait"…) on a queue's card. */
function figure(card: Locator, name: string): Locator {
  return card.locator("dt", { hasText: name }).locator("xpath=following-sibling::dd[1]");
}

const queueCard = (page: Page) => page.getByRole("list", { name: "Queues" }).getByRole("listitem", { name: queueName });

/**
 * Records, in the page, when each `ticket` event arrives over the live connection (socket.io's
 * frame `42["ticket",…]`), on the page's own clock.
 */
async function recordTicketEvents(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const Native = window.WebSocket;
    const seen: { at: number; data: string }[] = [];
    (window as unknown as { ticketEvents: typeof seen }).ticketEvents = seen;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener("message", (event: MessageEvent) => {
          if (typeof event.data === "string" && event.data.startsWith('42["ticket"')) seen.push({ at: Date.now(), data: event.data });
        });
      }
    };
  });
}

/** Resolves, on the page's clock, when `value`'s text becomes `expected`. Set up before the change. */
async function watchText(value: Locator, expected: string): Promise<void> {
  await value.evaluate((element, text) => {
    (window as unknown as { changedAt: Promise<number> }).changedAt = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (element.textContent !== text) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(element, { childList: true, characterData: true, subtree: true });
    });
  }, expected);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  attendant = await api<{ id: number }>("/users", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Mona ${suffix}`, email: `mona-${suffix}@e2e.atendo.test`, password: "monitor-password", profile: "user" }),
  });
  const queue = await createQueue(admin, { name: queueName, userIds: [attendant.id] });
  connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Monitor line ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
  // One customer already waiting, so the card shows a wait from the start.
  await customerWrites();
});
afterAll(() => browser.close());

describe("live monitor", () => {
  it("follows a new conversation's ticket event within 1 s, and its taking", async () => {
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password, { width: 1280, height: 900 });
    await recordTicketEvents(page);
    await page.reload();
    // From the drawer, by keyboard.
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Live monitor" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/monitor");
    await page.getByRole("heading", { name: "Live monitor", level: 1 }).waitFor();
    const card = queueCard(page);
    const waiting = figure(card, "Waiting");
    await expect.poll(() => waiting.textContent()).toBe("1");
    await expect.poll(() => figure(card, "Longest wait").textContent()).toMatch(/\d+ (s|min)/);
    expect(await figure(card, "SLA breached").textContent()).toBe("0");
    await page.getByRole("list", { name: "Attendants" }).getByRole("listitem", { name: `Mona ${suffix}` }).waitFor();
    await screenshot(page, "monitor-desktop-light");

    await watchText(waiting, "2");
    const sentAt = Date.now();
    const ticketId = await customerWrites();
    const changedAt = await page.evaluate(() => (window as unknown as { changedAt: Promise<number> }).changedAt);
    const events = await page.evaluate(() => (window as unknown as { ticketEvents: { at: number; data: string }[] }).ticketEvents);
    const event = events.find((seen) => seen.at >= sentAt && seen.data.includes(`"id":${ticketId},`));
    expect(event, "the new ticket's event reached the page over its WebSocket").toBeDefined();
    const afterEvent = changedAt - event!.at;
    console.log(`live monitor: waiting count changed ${afterEvent} ms after the ticket event reached the page (${changedAt - sentAt} ms after the customer's message was posted)`);
    expect(afterEvent).toBeLessThanOrEqual(1000);

    // The attendant takes it: one waits again.
    await watchText(waiting, "1");
    await api(`/tickets/${ticketId}`, { method: "PUT", token: admin, body: JSON.stringify({ status: "open", userId: attendant.id }) });
    await page.evaluate(() => (window as unknown as { changedAt: Promise<number> }).changedAt);
    await expect.poll(() => page.getByRole("list", { name: "Attendants" }).getByRole("listitem", { name: `Mona ${suffix}` }).textContent()).toContain("1 / no limit");
    await context.close();
  });

  it("fits 500 px with no sideways scrolling, and axe finds nothing serious, light and dark", async () => {
    for (const scheme of ["light", "dark"] as const) {
      const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password, { width: 500, height: 900 });
      if (scheme === "dark") {
        await context.addInitScript(() => localStorage.setItem("themeMode", "dark"));
      }
      // Every figure lit, so axe weighs the at-risk, breached and full-capacity tones too: the SLA,
      // presence and capacity columns are written by other parts of issue 30, not by this journey,
      // so the server's real answer is shown with those figures set.
      await page.route("**/api/monitor", async (route) => {
        const answer = (await (await route.fetch()).json()) as MonitorSnapshot;
        answer.queues = answer.queues.map((queue) => (queue.name === queueName ? { ...queue, assignment: "roundRobin", atRisk: 2, breached: 1 } : queue));
        answer.attendants = answer.attendants.map((user) =>
          user.id === attendant.id
            ? { ...user, presence: "online", maxOpenTickets: user.openTickets, firstResponsesToday: 3, firstResponseMedianSeconds: 95 }
            : { ...user, presence: "away" },
        );
        await route.fulfill({ json: answer });
      });
      await page.goto("/monitor");
      await page.getByRole("heading", { name: "Live monitor", level: 1 }).waitFor();
      await queueCard(page).waitFor();
      expect(await figure(queueCard(page), "SLA breached").textContent()).toBe("1");
      expect(await page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe(scheme);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${scheme}: no sideways scrolling`).toBe(0);
      await screenshot(page, `monitor-500-${scheme}`);
      const findings = await axeFindings(page, `monitor (${scheme}, 500 px)`);
      expect(findings, describeFindings(findings)).toEqual([]);
      if (scheme === "dark") {
        await page.setViewportSize({ width: 1280, height: 900 });
        await screenshot(page, "monitor-desktop-dark");
        const wide = await axeFindings(page, "monitor (dark, 1280 px)");
        expect(wide, describeFindings(wide)).toEqual([]);
      }
      await context.close();
    }
  });
});
