import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AxeFinding, axeFindings, describeFindings } from "./support/axe.js";
import { E2E_ADMIN, adminToken, api, launchBrowser, newPage } from "./support/browser.js";

/**
 * Every route of spec §2 passes axe-core with no serious or critical violation (issue 16), in
 * English and Portuguese, and in the dark scheme (decision 0076), with records in it: a ticket with messages, a chat, an edit form of each
 * kind. Each screen is checked once it has loaded (its heading there, no spinner, no transition
 * running), so what axe sees is what a person sees.
 */
const suffix = Date.now().toString(36);
const password = "a11y-attendant-password";

interface Records {
  automationId: number;
  queueId: number;
  userId: number;
  connectionId: number;
  ticketId: number;
  chatId: number;
  uraId: number;
  announcementId: number;
  monitoringId: number;
  campaignId: number;
}

let browser: Browser;
let records: Records;

/** A screen to check: where to go, and what to do there first (open a dialog…). */
interface Screen {
  name: string;
  path: string;
  /** Runs once the page has loaded, before axe. */
  prepare?: (page: Page) => Promise<void>;
}

async function createRecords(): Promise<Records> {
  const token = await adminToken();
  const post = <T>(path: string, body: unknown) => api<T>(path, { method: "POST", token, body: JSON.stringify(body) });
  const queue = await post<{ id: number }>("/queue", { name: `A11y ${suffix}`, color: "#FFEB3B", greetingMessage: "Welcome to the accessibility queue." });
  const user = await post<{ id: number }>("/users", {
    name: `Alma ${suffix}`,
    email: `alma-${suffix}@e2e.atendo.test`,
    password,
    profile: "user",
    queueIds: [queue.id],
  });
  const connection = await post<{ id: number; apiToken: string }>("/whatsapp", {
    name: `A11y chat ${suffix}`,
    kind: "api",
    destinationType: "queue",
    destinationItem: queue.id,
  });
  let ticketId = 0;
  for (const [index, body] of ["Hello, my order is late.", "It is order AB-12, placed last week."].entries()) {
    const answer = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiToken}` },
      body: JSON.stringify({ externalId: `a11y-${suffix}-${index}`, from: { name: `Carla ${suffix}`, number: `55319${Date.now().toString().slice(-8)}` }, body }),
    });
    ticketId = answer.ticketId;
  }
  const chat = await post<{ id: number }>("/chats", { participantIds: [user.id], chatName: "" });
  await post(`/chatmessages/${chat.id}`, { body: "Can you take the late order?" });
  const announcement = await post<{ id: number }>("/announcements", {
    name: `A11y notice ${suffix}`,
    description: "Our shop is closed on holidays.",
    destinationType: "queue",
    destinationItem: queue.id,
  });
  const ura = await post<{ id: number }>("/uras", {
    name: `A11y menu ${suffix}`,
    description: "Choose an option",
    uraItems: [{ selector: "1", menuName: "Orders", destinationType: "queue", destinationTypeId: queue.id }],
  });
  const monitoring = await post<{ id: number }>("/monitorings", { name: `A11y watch ${suffix}`, status: "open", userId: user.id, queueId: queue.id });
  const campaign = await post<{ id: number }>("/campaigns", {
    name: `A11y campaign ${suffix}`,
    whatsappId: connection.id,
    audience: { search: "order" },
    body: "Hello {{firstName}}, your order is on its way.",
  });
  const automation = await post<{ id: number }>("/automations", {
    name: `A11y rule ${suffix}`,
    trigger: "messageReceived",
    conditions: [{ field: "text", op: "contains", value: "order" }],
    actions: [{ type: "addNote", body: "Asked about an order" }],
  });
  return {
    automationId: automation.id,
    queueId: queue.id,
    userId: user.id,
    connectionId: connection.id,
    ticketId,
    chatId: chat.id,
    uraId: ura.id,
    announcementId: announcement.id,
    monitoringId: monitoring.id,
    campaignId: campaign.id,
  };
}

const publicScreens = (): Screen[] => [
  { name: "login", path: "/login" },
  { name: "signup", path: "/signup" },
  { name: "forgot password", path: "/forgot-password" },
  { name: "reset password", path: `/reset-password?token=a11y-${suffix}` },
  { name: "reset password without a token", path: "/reset-password" },
  { name: "not found", path: `/no-such-page-${suffix}` },
];

const signedInScreens = (): Screen[] => [
  { name: "tickets", path: "/tickets" },
  { name: "a ticket with messages", path: `/tickets/${records.ticketId}`, prepare: (page) => page.getByText("It is order AB-12").first().waitFor() },
  {
    name: "new-ticket dialog",
    path: "/tickets",
    prepare: async (page) => {
      await page.getByRole("button", { name: /^(New ticket|Novo atendimento)$/i }).first().click();
      await page.getByRole("dialog").waitFor();
    },
  },
  {
    name: "keyboard shortcuts dialog",
    path: "/tickets",
    prepare: async (page) => {
      await page.keyboard.press("Shift+Slash");
      await page.getByRole("dialog").waitFor();
    },
  },
  {
    name: "command palette",
    path: `/tickets/${records.ticketId}`,
    prepare: async (page) => {
      await page.getByText("It is order AB-12").first().waitFor();
      await page.keyboard.press("Control+KeyK");
      await page.getByRole("dialog").getByRole("option").first().waitFor();
    },
  },
  { name: "quick answers", path: "/quickAnswers" },
  { name: "chats", path: "/chats" },
  { name: "a chat", path: `/chats/${records.chatId}` },
  { name: "contacts", path: "/contacts" },
  { name: "settings", path: "/settings" },
  { name: "about", path: "/about" },
  { name: "dashboard", path: "/dashboard" },
  { name: "live monitor", path: "/monitor" },
  { name: "queues", path: "/queues" },
  { name: "new queue", path: "/queues/new" },
  { name: "edit queue", path: `/queues/edit/${records.queueId}` },
  { name: "connections", path: "/connections" },
  { name: "new connection", path: "/connections/new" },
  { name: "edit connection", path: `/connections/edit/${records.connectionId}` },
  { name: "simulator", path: `/connections/${records.connectionId}/simulator` },
  { name: "users", path: "/users" },
  { name: "new user", path: "/users/new", prepare: (page) => page.getByRole("dialog").waitFor() },
  { name: "edit user", path: `/users/edit/${records.userId}`, prepare: (page) => page.getByRole("dialog").waitFor() },
  { name: "URA", path: "/URA" },
  { name: "new URA", path: "/URA/new" },
  { name: "edit URA", path: `/URA/edit/${records.uraId}` },
  { name: "announcements", path: "/announcements" },
  { name: "new announcement", path: "/announcements/new" },
  { name: "edit announcement", path: `/announcements/edit/${records.announcementId}` },
  { name: "monitoring", path: "/monitoring" },
  { name: "new monitoring", path: "/monitoring/new" },
  { name: "edit monitoring", path: `/monitoring/edit/${records.monitoringId}` },
  { name: "campaigns", path: "/campaigns" },
  { name: "new campaign", path: "/campaigns/new" },
  { name: "edit campaign", path: `/campaigns/edit/${records.campaignId}` },
  { name: "a campaign", path: `/campaigns/${records.campaignId}` },
  { name: "automations", path: "/automations" },
  { name: "new automation rule", path: "/automations/new" },
  { name: "edit automation rule", path: `/automations/edit/${records.automationId}` },
  { name: "not found (signed in)", path: `/no-such-page-${suffix}` },
];

/** Signs in through the form in either language (the shared helper reads English labels). */
async function signIn(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByLabel(/^e-?mail/i).fill(E2E_ADMIN.email);
  await page.getByLabel(/^(password|senha)/i).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: /^(sign in|entrar)$/i }).click();
  await page.waitForURL("**/tickets");
}

/**
 * The screen has loaded: its heading is there, nothing is still loading (a spinner; a bar with a
 * value is a figure, not loading), no transition runs.
 */
async function settle(page: Page): Promise<void> {
  await page.locator("h1").first().waitFor({ state: "attached" });
  await page.waitForFunction(() => {
    const busy = [...document.querySelectorAll('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root')].some((element) => element.getClientRects().length > 0);
    const moving = document.getAnimations().some((animation) => animation.playState === "running" && animation.effect?.getTiming().iterations !== Infinity);
    return !busy && !moving;
  });
}

async function check(page: Page, screens: readonly Screen[], language: string): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    await settle(page);
    if (screen.prepare) {
      await screen.prepare(page);
      await settle(page);
    }
    // "pt" or "pt-BR": the screen is in the language under test.
    expect((await page.evaluate(() => document.documentElement.lang)).split("-")[0], `${screen.name}: page language`).toBe(language);
    findings.push(...(await axeFindings(page, `${language} ${screen.name} (${screen.path})`)));
  }
  return findings;
}

beforeAll(async () => {
  browser = await launchBrowser();
  records = await createRecords();
});
afterAll(() => browser.close());

describe.each([
  { language: "en", locale: "en-US" },
  { language: "pt", locale: "pt-BR" },
])("axe-core in $language", ({ language, locale }) => {
  it("finds no serious or critical violation on the public screens", async () => {
    const { context, page } = await newPage(browser, { locale });
    const findings = await check(page, publicScreens(), language);
    await context.close();
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it("finds no serious or critical violation on the signed-in screens", { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser, { locale });
    await signIn(page);
    const findings = await check(page, signedInScreens(), language);
    await context.close();
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});

// The dark scheme (decision 0076): every signed-in screen again, drawn dark from the first paint.
describe("axe-core in the dark scheme", () => {
  it("finds no serious or critical violation on the signed-in screens", { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem("themeMode", "dark"));
    await signIn(page);
    expect(await page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe("dark");
    const findings = await check(page, signedInScreens(), "en");
    await context.close();
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});

describe("axe-core on a narrow window", () => {
  it("finds no serious or critical violation on the tickets page at 400 px", async () => {
    const { context, page } = await newPage(browser, { width: 400, height: 800 });
    await signIn(page);
    const findings = await check(page, [{ name: "tickets (400 px)", path: "/tickets" }, { name: "a ticket (400 px)", path: `/tickets/${records.ticketId}` }], "en");
    await context.close();
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});

describe("Esc", () => {
  it("closes every kind of dialog, menu and popover", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    const escapes = async (opened: ReturnType<Page["getByRole"]>) => {
      await opened.waitFor();
      await page.keyboard.press("Escape");
      await opened.waitFor({ state: "hidden" });
    };

    await page.getByRole("button", { name: "New ticket" }).first().click();
    await escapes(page.getByRole("dialog", { name: "New ticket" }));

    await page.getByRole("button", { name: /^Language/ }).click();
    await escapes(page.getByRole("menu"));

    await page.getByRole("button", { name: "Account menu" }).click();
    await escapes(page.getByRole("menu"));

    await page.getByRole("button", { name: "Filters" }).click();
    await escapes(page.getByRole("menu"));

    await page.goto(`/chats/${records.chatId}`);
    await page.getByRole("button", { name: "Emoji" }).click();
    await escapes(page.getByRole("dialog"));

    // The user modal is a route of its own: Esc closes it back to the table.
    await page.goto(`/users/edit/${records.userId}`);
    await escapes(page.getByRole("dialog"));
    await page.waitForURL("**/users");
    await context.close();
  });
});
