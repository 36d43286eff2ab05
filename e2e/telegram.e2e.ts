import { channelIdentity } from "@atendo/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openConfigPage } from "./support/admin-nav.js";
import { apiChannelCustomers } from "./support/api-channel-customer.js";
import { E2E_ADMIN, adminToken, api, baseUrl, createQueue, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const fakeUrl = () => inject("telegramFakeUrl");

/** A customer writing to the bot, through the fake Bot API's customer side (docs/channels/README.md). */
async function customerSays(token: string, chatId: number, name: string, text: string): Promise<void> {
  const response = await fetch(`${fakeUrl()}/_fake/${token}/say`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ chatId, name, text }),
  });
  expect(response.ok).toBe(true);
}

async function botSent(token: string): Promise<{ method: string; chatId: string; text?: string }[]> {
  return (await fetch(`${fakeUrl()}/_fake/${token}/sent`)).json() as Promise<{ method: string; chatId: string; text?: string }[]>;
}

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("Telegram", () => {
  it("connects a bot from the form, serves its customer as 'Telegram' with the channel's icon, and answers through the bot", async () => {
    const suffix = Date.now().toString(36);
    const botToken = `${Date.now() % 1e9}:AAH-e2e-telegram-token-${suffix}`;
    const token = await adminToken();
    const queue = await createQueue(token, { name: `Telegram ${suffix}` });

    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(page, "Connections");
    await page.getByRole("link", { name: "Add connection" }).click();
    await page.waitForURL("**/connections/new");
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "Telegram" }).click();
    await page.getByLabel(/^Name/).fill(`Bot ${suffix}`);
    await page.getByLabel(/^Bot token/).fill("not a token");
    await page.getByRole("combobox", { name: /Destination type/ }).click();
    await page.getByRole("option", { name: "Queue" }).click();
    await page.getByRole("combobox", { name: /^Destination(?! type)/ }).click();
    await page.getByRole("option", { name: `Telegram ${suffix}` }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("A bot token looks like 123456789:AA…").waitFor();
    await page.getByLabel(/^Bot token/).fill(botToken);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/connections");

    // A connection of each other kind beside it, for the list's icons.
    await api("/whatsapp", { method: "POST", token, body: JSON.stringify({ name: `Site ${suffix}`, kind: "webchat", webchat: { allowedOrigins: ["https://shop.example.com"] }, destinationType: "queue", destinationItem: queue.id }) });
    const connections = await api<{ id: number; name: string; kind: string; apiToken: string | null; telegram: { botUsername: string | null } | null }[]>("/whatsapp", { token });
    const bot = connections.find((c) => c.name === `Bot ${suffix}`)!;
    await until(async () => ((await api<{ status: string }>(`/whatsapp/${bot.id}`, { token })).status === "CONNECTED" ? true : undefined), "CONNECTED");
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: `Bot ${suffix}` });
    await row.getByText(/^Telegram · @fake_\d+_bot$/).waitFor();
    await row.locator('[data-channel="telegram"]').waitFor();
    await screenshot(page, "telegram-connections");

    // The customer writes to the bot: a ticket whose header shows Telegram, whose contact shows the channel, not a number.
    const chatId = 700_000 + Math.floor(Math.random() * 99_999);
    await customerSays(botToken, chatId, `Lia ${suffix}`, "Hi! Is my order on its way?");
    const ticketId = await until(async () => {
      const page = await api<{ tickets: { id: number; contact: { number: string } }[] }>(`/tickets?searchParam=${encodeURIComponent(`Lia ${suffix}`)}&showAll=true`, { token });
      return page.tickets.find((t) => t.contact.number === channelIdentity("telegram", chatId))?.id;
    }, "the Telegram ticket");
    const live = liveConnection(page);
    await page.goto(`${baseUrl()}/tickets/${ticketId}`);
    await live;
    await page.getByText("Hi! Is my order on its way?").waitFor();
    const header = page.locator("header").filter({ hasText: `Lia ${suffix}` });
    await header.locator('[data-channel="telegram"]').waitFor();
    await page.getByRole("button", { name: "Accept" }).first().click();
    const channel = page.getByTestId("contact-channel").filter({ hasText: "Telegram" });
    // Wide screens show the contact beside the conversation already.
    if (!(await channel.isVisible())) await header.getByRole("button").first().click();
    await channel.waitFor();
    expect(await page.locator(`a[href="tel:+${channelIdentity("telegram", chatId)}"]`).count()).toBe(0);
    await screenshot(page, "telegram-ticket");
    await page.getByRole("button", { name: "Close contact details" }).click();
    await screenshot(page, "telegram-ticket-header");

    const composer = page.getByRole("textbox", { name: /message/i }).last();
    await composer.fill("Yes, it arrives tomorrow.");
    await composer.press("Enter");
    const sent = await until(async () => (await botSent(botToken)).find((m) => m.text?.includes("Yes, it arrives tomorrow.")), "the answer sent through the bot");
    expect(sent).toMatchObject({ method: "sendMessage", chatId: String(chatId) });

    // A website visitor (its identity, written here through the demo API connection) and the Telegram customer in the contacts list.
    const demo = connections.find((c) => c.kind === "api" && c.apiToken);
    if (demo?.apiToken) {
      const visitor = apiChannelCustomers(baseUrl, () => ({ id: demo.id, apiToken: demo.apiToken! }), `visitor-${suffix}`);
      const visitorTicket = await visitor(channelIdentity("webchat", chatId), { body: "Hello from the site" });
      await page.goto(`${baseUrl()}/contacts`);
      // Both identities hold the chat id's digits: a number search finds the two.
      await page.getByLabel("Search contacts").fill(String(chatId));
      await page.getByRole("row").filter({ hasText: `Lia ${suffix}` }).getByText("Telegram").waitFor();
      await page.getByRole("row").filter({ hasText: "Website visitor" }).first().waitFor();
      await screenshot(page, "telegram-contacts");
      // The visitor's ticket (on the API connection): the header shows the API channel, the contact "Website visitor".
      await page.goto(`${baseUrl()}/tickets/${visitorTicket}`);
      await page.getByText("Hello from the site").waitFor();
      await page.locator("header").locator('[data-channel="api"]').waitFor();
      const visitorChannel = page.getByTestId("contact-channel").filter({ hasText: "Website visitor" });
      if (!(await visitorChannel.isVisible())) await page.locator("header").filter({ hasText: "Customer" }).getByRole("button").first().click();
      await visitorChannel.waitFor();
      await screenshot(page, "webchat-visitor-ticket");
    }
    await context.close();
  });
});
