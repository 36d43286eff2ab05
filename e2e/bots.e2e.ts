import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookBot, type FakeWebhookBot } from "../packages/server/src/test/fakes/webhook-bot-fake.js";
import { E2E_ADMIN, adminToken, api, createQueue, launchBrowser, screenshot, signedIn } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";

/**
 * A bot in front of the team (issue 33): an admin adds a webhook bot (a fake one this test starts
 * on 127.0.0.1) through the Bots screen and points a connection at it; a customer talks to it in
 * the connection's simulator, gets its answers, and is handed by the bot's hand-off to the support
 * queue, where an attendant sees the ticket arrive and accepts it. Meanwhile the admin's list shows
 * the ticket with its "Bot" chip, which the attendant never sees.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const attendant = { name: `Bea ${suffix}`, email: `bea-${suffix}@e2e.atendo.test` };
const queueName = `Support ${suffix}`;
const botName = `Helper ${suffix}`;
const connectionName = `Bot chat ${suffix}`;
const secret = `bot-secret-${suffix}`;

let browser: Browser;
let bot: FakeWebhookBot;
let queueId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  bot = await startWebhookBot(secret);
  const token = await adminToken();
  queueId = (await createQueue(token, { name: queueName, greetingMessage: `Support here (${suffix}).` })).id;
  await api("/users", { method: "POST", token, body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [queueId] }) });
  bot.answerWith((request) =>
    /human|person/i.test(request.message.body)
      ? { messages: [{ body: "Passing you to our team." }], action: { type: "handoff", destinationType: "queue", destinationTypeId: queueId } }
      : { messages: [{ body: `Bot: I read "${request.message.body}". Ask for a person any time.` }] },
  );
});
afterAll(async () => {
  await browser.close();
  await bot.close();
});

async function chooseDestination(page: Page, kind: string, item: string): Promise<void> {
  await page.getByRole("combobox", { name: /Destination type/ }).click();
  await page.getByRole("option", { name: kind, exact: true }).click();
  await page.getByRole("combobox", { name: /^Destination(?! type)/ }).click();
  await page.getByRole("option", { name: item, exact: true }).click();
}

async function save(page: Page, listPath: string, toast: string, name: string): Promise<void> {
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(`**${listPath}`);
  await page.getByRole("alert").filter({ hasText: toast }).waitFor();
  await page.getByRole("row").filter({ hasText: name }).waitFor();
}

const conversation = (page: Page) => page.getByRole("list", { name: "Conversation" });

async function customerSays(page: Page, text: string): Promise<void> {
  const box = page.getByLabel("Message");
  await box.fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => box.inputValue()).toBe("");
}

describe("a bot in front of the team", () => {
  it("is added by an admin and set as a connection's destination", async () => {
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(page, "Bots");
    await page.getByRole("link", { name: "Add bot" }).click();
    await page.waitForURL("**/bots/new");
    await page.getByLabel(/^Name/).fill(botName);
    await page.getByLabel(/^URL/).fill(bot.url);
    await page.getByLabel(/^Secret/).fill(secret);
    await page.getByLabel(/^Timeout/).fill("5");
    await chooseDestination(page, "Queue", queueName);
    await screenshot(page, "bot-form-1280");
    await save(page, "/bots", "Bot saved.", botName);
    await screenshot(page, "bots-list-1280");
    // Edited, the form never shows the secret: only its last characters, and empty keeps it.
    await page.getByRole("row").filter({ hasText: botName }).getByLabel(`Edit ${botName}`).click();
    await page.getByText(`Stored: ••••${secret.slice(-4)}.`, { exact: false }).waitFor();
    expect(await page.getByLabel(/^Secret/).inputValue()).toBe("");
    await screenshot(page, "bot-edit-1280");
    await page.goBack();
    await page.waitForURL("**/bots");

    await openConfigPage(page, "Connections");
    await page.getByRole("link", { name: "Add connection" }).click();
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "API", exact: true }).click();
    await page.getByLabel("Webhook URL").waitFor();
    await page.getByLabel(/^Name/).fill(connectionName);
    await chooseDestination(page, "Bot", botName);
    await save(page, "/connections", "Connection saved.", connectionName);
    await context.close();
  });

  it("talks with a customer, hands them over by its action, and an attendant accepts the ticket", async () => {
    const desk = (await signedIn(browser, attendant.email, password)).page;
    await desk.getByRole("tab", { name: /^Waiting/ }).click();

    const admin = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    const simulator = admin.page;
    await openConfigPage(simulator, "Connections");
    await simulator.getByRole("row").filter({ hasText: connectionName }).getByRole("link", { name: "Simulator" }).click();
    const customer = { name: `Caio ${suffix}`, number: `55419${Date.now().toString().slice(-8)}` };
    await simulator.getByLabel(/^Customer name/).fill(customer.name);
    await simulator.getByLabel(/^Customer number/).fill(customer.number);
    await simulator.getByText("No messages yet. Write the first one below.").waitFor();

    await customerSays(simulator, "Hi, where is my order?");
    await conversation(simulator).getByRole("listitem").filter({ hasText: 'Bot: I read "Hi, where is my order?"' }).waitFor();
    await simulator.getByText(/Ticket #\d+ · waiting · no queue/).waitFor();
    await screenshot(simulator, "bot-simulator-1280");

    // In the bot's stage: the admin's list shows the ticket with its chip; the attendant's does not.
    const list = await admin.context.newPage();
    await list.goto("/tickets");
    await list.getByRole("button", { name: "Filters" }).click();
    await list.getByRole("menuitemcheckbox", { name: "Show all tickets" }).click();
    await list.keyboard.press("Escape");
    await list.getByRole("tab", { name: /^Waiting/ }).press("Enter");
    const inBot = list.getByRole("list", { name: "Waiting tickets" }).getByRole("listitem").filter({ hasText: customer.name });
    await inBot.getByTitle(`With bot: ${botName}`).waitFor();
    await screenshot(list, "ticket-list-bot-chip-1280");
    expect(await desk.getByRole("listitem").filter({ hasText: customer.name }).count()).toBe(0);

    await customerSays(simulator, "I want a person");
    await conversation(simulator).getByRole("listitem").filter({ hasText: "Passing you to our team." }).waitFor();
    await conversation(simulator).getByRole("listitem").filter({ hasText: `Support here (${suffix}).` }).waitFor();
    await simulator.getByText(new RegExp(`Ticket #\\d+ · waiting · ${queueName}`)).waitFor();

    const waiting = desk.getByRole("list", { name: "Waiting tickets" }).getByRole("listitem").filter({ hasText: customer.name });
    await waiting.getByRole("button", { name: `Accept ticket from ${customer.name}` }).click();
    await desk.waitForURL(/\/tickets\/\d+$/);
    await simulator.getByText(/Ticket #\d+ · in attendance/).waitFor();
    expect(bot.received.filter((request) => request.contact.number === customer.number).map((request) => request.message.body)).toEqual([
      "Hi, where is my order?",
      "I want a person",
    ]);
    expect(bot.badSignatures()).toBe(0);
  });
});
