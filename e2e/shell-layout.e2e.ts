import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "../packages/web/src/lib/paths.js";
import { E2E_ADMIN, api, createQueue, launchBrowser, loginAs, newPage } from "./support/browser.js";

/**
 * The shell never scrolls (issue 11): the app bar and the drawer stay where they are on every
 * screen, at a wide and a narrow width; only the page inside scrolls. Every route of
 * `lib/paths.ts` is visited as the admin, with data in the lists (menus, announcements and
 * monitorings too, each edit form on a real record), one ticket open and one chat open.
 */
const suffix = Date.now().toString(36);
let browser: Browser;
let urls: Record<keyof typeof paths, string[]>;

beforeAll(async () => {
  // Without smooth scrolling a wheel tick moves what it moves at once: nothing to wait for.
  browser = await launchBrowser(["--disable-smooth-scrolling"]);
  const { token, user: me } = await api<{ token: string; user: { id: number } }>("/auth/login", {
    method: "POST",
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  const queue = await createQueue(token, { name: `Shell ${suffix}`, userIds: [me.id] });
  const connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Shell chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
  const ticketIds: number[] = [];
  for (const [index, name] of ["Bianca", "Caio", "Dora"].entries()) {
    const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiToken}` },
      body: JSON.stringify({
        externalId: `shell-${suffix}-${index}`,
        from: { name: `${name} ${suffix}`, number: `55319${(Date.now() + index).toString().slice(-8)}` },
        body: `Hello from ${name}, a message long enough to fill the row of the list and then some more words`,
      }),
    });
    ticketIds.push(ticketId);
  }
  const openId = ticketIds[0] ?? 0;
  await api(`/tickets/${openId}`, { method: "PUT", token, body: JSON.stringify({ status: "open", userId: me.id, action: "assigned" }) });
  await api("/quickAnswers", { method: "POST", token, body: JSON.stringify({ shortcut: `sh${suffix.slice(-6)}`, message: "A quick answer for the shell journey." }) });
  const user = await api<{ id: number }>("/users", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Sofia ${suffix}`, email: `sofia-${suffix}@e2e.atendo.test`, password: "attendant-password", profile: "user", queueIds: [queue.id] }),
  });
  // A chat with Sofia, long enough to scroll: /chats/{id} is a real screen since issue 14.
  const chat = await api<{ id: number }>("/chats", { method: "POST", token, body: JSON.stringify({ participantIds: [me.id, user.id], chatName: "" }) });
  for (let index = 1; index <= 25; index++) {
    await api(`/chatmessages/${chat.id}`, { method: "POST", token, body: JSON.stringify({ body: `Message ${index} of the shell journey's chat, long enough to wrap on a narrow screen` }) });
  }
  const toQueue = { destinationType: "queue", destinationTypeId: queue.id } as const;
  const ura = await api<{ id: number }>("/uras", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Shell menu ${suffix}`, description: "Choose an option:", uraItems: [{ selector: "1", menuName: "Sales", ...toQueue }] }),
  });
  const announcement = await api<{ id: number }>("/announcements", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Shell notice ${suffix}`, description: "We are open from 8 to 18.", destinationType: "queue", destinationItem: queue.id }),
  });
  const bot = await api<{ id: number }>("/bots", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Shell bot ${suffix}`, kind: "webhook", url: "http://127.0.0.1:9/bot", secret: "shell-bot-secret", timeoutSeconds: 5, fallback: toQueue }),
  });
  const monitoring = await api<{ id: number }>("/monitorings", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Shell watch ${suffix}`, status: "open", userId: user.id }),
  });
  const campaign = await api<{ id: number }>("/campaigns", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Shell campaign ${suffix}`, whatsappId: connection.id, audience: { search: `Bianca ${suffix}` }, body: "Hello {{firstName}}, a campaign long enough to wrap on a narrow screen." }),
  });

  const rule = await api<{ id: number }>("/automations", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Shell rule ${suffix}`, trigger: "messageReceived", conditions: [{ field: "text", op: "contains", value: "a word long enough to wrap" }], actions: [{ type: "addNote", body: "Seen" }] }),
  });

  // One entry per path of lib/paths.ts (the test below fails when a path is added without one).
  urls = {
    home: [paths.home],
    login: [paths.login],
    signup: [paths.signup],
    forgotPassword: [paths.forgotPassword],
    resetPassword: [paths.resetPassword, `${paths.resetPassword}?token=not-a-real-token`],
    tickets: [paths.tickets],
    ticket: [paths.ticket.href(openId)],
    chats: [paths.chats],
    chat: [paths.chat.href(chat.id)],
    contacts: [paths.contacts],
    board: [paths.board],
    quickAnswers: [paths.quickAnswers],
    schedules: [paths.schedules],
    settings: [paths.settings],
    about: [paths.about],
    dashboard: [paths.dashboard],
    monitor: [paths.monitor],
    queues: [paths.queues],
    newQueue: [paths.newQueue],
    editQueue: [paths.editQueue.href(queue.id)],
    connections: [paths.connections],
    newConnection: [paths.newConnection],
    editConnection: [paths.editConnection.href(connection.id)],
    connectionSimulator: [paths.connectionSimulator.href(connection.id)],
    simulator: [paths.simulator],
    users: [paths.users],
    newUser: [paths.newUser],
    editUser: [paths.editUser.href(user.id)],
    ura: [paths.ura],
    newUra: [paths.newUra],
    editUra: [paths.editUra.href(ura.id)],
    announcements: [paths.announcements],
    newAnnouncement: [paths.newAnnouncement],
    editAnnouncement: [paths.editAnnouncement.href(announcement.id)],
    bots: [paths.bots],
    newBot: [paths.newBot],
    editBot: [paths.editBot.href(bot.id)],
    monitoring: [paths.monitoring],
    newMonitoring: [paths.newMonitoring],
    editMonitoring: [paths.editMonitoring.href(monitoring.id)],
    tags: [paths.tags],
    campaigns: [paths.campaigns],
    newCampaign: [paths.newCampaign],
    editCampaign: [paths.editCampaign.href(campaign.id)],
    campaign: [paths.campaign.href(campaign.id)],
    automations: [paths.automations],
    newAutomation: [paths.newAutomation],
    editAutomation: [paths.editAutomation.href(rule.id)],
    audit: [paths.audit],
  };
});
afterAll(() => browser.close());

/** How far the document itself could scroll, each way (0 when the shell fits the window). */
function documentOverflow(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { x: root.scrollWidth - root.clientWidth, y: root.scrollHeight - root.clientHeight };
  });
}

/**
 * The screen is drawn: its heading (or the dialog the route opens over the page) is there and
 * nothing in the page is still loading (a spinner has no value; a meter, like the licence usage
 * on About, has one).
 */
async function settled(page: Page): Promise<void> {
  await page.getByRole("heading", { level: 1 }).or(page.getByRole("dialog")).first().waitFor({ state: "attached" });
  await page.waitForFunction(() => document.querySelector('main [role="progressbar"]:not([aria-valuenow])') === null);
}

/** Waits until the page has received `count` wheel events and drawn the frame after them. */
async function wheelHandled(page: Page, count: number): Promise<void> {
  await page.waitForFunction((expected) => (window as unknown as { wheels: number }).wheels >= expected, count);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe.each([
  { width: 1280, height: 800 },
  { width: 500, height: 800 },
])("the shell at $width px", ({ width, height }) => {
  it("covers every path of the web app", () => {
    expect(Object.keys(urls).sort()).toEqual(Object.keys(paths).sort());
  });

  // Every screen in turn (some 45 and growing) took 55-58 s of the default 60 s on a loaded machine.
  it("never scrolls the document, on any screen", { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, { width, height });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const url of [...Object.values(urls).flat(), "/no-such-page"]) {
      await page.goto(url);
      await settled(page);
      expect.soft(await documentOverflow(page), `${url} at ${width} px`).toEqual({ x: 0, y: 0 });
    }
    await context.close();
  });

  it("keeps the app bar where it was under the wheel over the ticket list", async () => {
    const { context, page } = await newPage(browser, { width, height });
    await page.addInitScript(() => {
      Object.assign(window, { wheels: 0 });
      window.addEventListener("wheel", () => (window as unknown as { wheels: number }).wheels++, { passive: true });
    });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const list = page.getByRole("list", { name: "Open tickets" });
    await list.getByRole("listitem").first().waitFor();
    const box = await list.boundingBox();
    if (!box) throw new Error("the list is not on screen");
    // The shutdown banner (on in these runs) sits above the app bar: the bar starts below it.
    const appBar = page.getByRole("banner");
    const barTop = (await appBar.boundingBox())?.y;
    expect(barTop).toBe((await page.getByRole("region", { name: "Shutdown notice" }).boundingBox())?.height);
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height, 200) / 2);
    for (let tick = 1; tick <= 3; tick++) {
      await page.mouse.wheel(0, 120);
      await wheelHandled(page, tick);
    }
    expect((await appBar.boundingBox())?.y).toBe(barTop);
    expect(await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollTop)).toBe(0);
    await context.close();
  });
});
