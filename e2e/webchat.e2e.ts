import { channelIdentity, type Connection } from "@atendo/contracts";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, baseUrl, createQueue, E2E_ADMIN, launchBrowser, newPage, screenshot, signedIn } from "./support/browser.js";

// The website chat widget (issue 32, decision 0090): a shop's page on ANOTHER origin, under a
// strict Content-Security-Policy that allows only the Atendo server, embeds widget.js; visitors
// chat live with an attendant in the Atendo app.

const suffix = Date.now().toString(36);
let browser: Browser;
let shop: Server;
let shopOrigin: string;
let widget: Connection;
let admin: string;

/** The shop's page: nothing of its own but a heading, the snippet, and a CSP naming only Atendo for scripts and requests. */
function shopPage(widgetKey: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>Welcome to the shop</h1><p>Our products.</p>
<script src="${baseUrl()}/widget.js" data-atendo="${widgetKey}" async></script></body></html>`;
}

async function startShop(): Promise<void> {
  shop = createServer((request, response) => {
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      // No 'unsafe-inline' anywhere: the widget must bring no inline script or style.
      // The two sources docs/channels/webchat.md gives: the server (script, calls) and its WebSocket form (live messages).
      "content-security-policy": `default-src 'none'; script-src ${baseUrl()}; connect-src ${baseUrl()} ${baseUrl().replace(/^http/, "ws")}; style-src 'self'; img-src 'self'`,
    });
    response.end(shopPage(widget.webchat!.widgetKey));
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  const atendo = new URL(baseUrl());
  // Another origin than the Atendo server's: another port (and, when Atendo is on localhost, another host name).
  const host = atendo.hostname === "127.0.0.1" ? "localhost" : "127.0.0.1";
  shopOrigin = `http://${host}:${(shop.address() as AddressInfo).port}`;
}

const launcher = (page: Page) => page.getByRole("button", { name: /^Open chat/ });
const chatLog = (page: Page) => page.getByRole("log");
const visitorComposer = (page: Page) => page.getByRole("textbox", { name: "Type your message…" });

async function visitorOf(page: Page): Promise<{ token: string; visitorId: number }> {
  const stored = await page.evaluate((key) => localStorage.getItem(`atendo-widget:${key}`), widget.webchat!.widgetKey);
  return JSON.parse(stored ?? "null") as { token: string; visitorId: number };
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const queue = await createQueue(admin, { name: `Website ${suffix}`, greetingMessage: "" });
  await startShop();
  widget = await api<Connection>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({
      name: `Shop site ${suffix}`,
      kind: "webchat",
      destinationType: "queue",
      destinationItem: queue.id,
      webchat: { allowedOrigins: [shopOrigin], color: "#6A1B9A", title: "Shop help", greeting: "Hi! How can we help?", preChat: { name: "optional", email: "off", phone: "off" } },
    }),
  });
});
afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => shop.close(resolve));
});

describe("website chat widget", () => {
  it("the admin form shows the widget's settings and the snippet to paste", async () => {
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`/connections/edit/${widget.id}`);
    await page.getByRole("heading", { name: "Website widget" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Code to paste on your site" }).inputValue()).toBe(`<script src="${baseUrl()}/widget.js" data-atendo="${widget.webchat!.widgetKey}" async></script>`);
    expect(await page.getByRole("textbox", { name: /^Allowed sites/ }).inputValue()).toBe(shopOrigin);
    await page.getByRole("heading", { name: "Website widget" }).scrollIntoViewIfNeeded();
    await screenshot(page, "webchat-admin-form");
    await page.getByRole("combobox", { name: "Phone" }).scrollIntoViewIfNeeded();
    await screenshot(page, "webchat-admin-form-pre-chat");
    await context.close();
  });

  it("a visitor on another site chats live with an attendant, reloads and keeps the history; another visitor reads none of it", async () => {
    const visitor = await newPage(browser);
    const page = visitor.page;
    await page.goto(shopOrigin);
    await launcher(page).waitFor();
    await screenshot(page, "webchat-closed");

    // The pre-chat form (name optional), then the first message.
    await launcher(page).click();
    await page.getByRole("dialog", { name: "Shop help" }).waitFor();
    await page.getByLabel(/^Name/).fill("Vera");
    await screenshot(page, "webchat-pre-chat");
    await page.getByRole("button", { name: "Start chat" }).click();
    await visitorComposer(page).fill("Hello, is my order shipped?");
    await visitorComposer(page).press("Enter");
    await chatLog(page).getByText("Hello, is my order shipped?").waitFor();
    const { visitorId } = await visitorOf(page);

    // The attendant: the visitor's ticket, accepted, answered in the app.
    const { context: staff, page: desk } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    const number = channelIdentity("webchat", visitorId);
    const found = await api<{ tickets: Array<{ id: number; contact: { number: string; name: string } }> }>(`/tickets?searchParam=${number}&status=pending&showAll=true`, { token: admin });
    const ticket = found.tickets.find((item) => item.contact.number === number);
    expect(ticket?.contact.name).toBe("Vera");
    const { user } = await api<{ user: { id: number } }>("/auth/login", { method: "POST", body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }) });
    await api(`/tickets/${ticket!.id}`, { method: "PUT", token: admin, body: JSON.stringify({ status: "open", userId: user.id, action: "assigned" }) });
    await desk.goto(`/tickets/${ticket!.id}`);
    await desk.getByRole("region", { name: "Messages" }).getByText("Hello, is my order shipped?").waitFor();
    const composer = desk.getByRole("textbox", { name: "Message" });
    await composer.fill("Yes Vera, it left this morning.");
    await composer.press("Enter");

    // Live on the visitor's side, then again after a reload (the token in localStorage).
    await chatLog(page).getByText("Yes Vera, it left this morning.").waitFor();
    await screenshot(page, "webchat-open");
    await page.reload();
    await launcher(page).click();
    await chatLog(page).getByText("Hello, is my order shipped?").waitFor();
    await chatLog(page).getByText("Yes Vera, it left this morning.").waitFor();

    // A reply while the window is closed: the launcher counts it.
    await page.getByRole("button", { name: "Close chat" }).click();
    await composer.fill("Anything else?");
    await composer.press("Enter");
    await page.getByRole("button", { name: "Open chat (1 unread message)" }).waitFor();

    // Another visitor (a new browser) sees only the greeting and their own messages.
    const other = await newPage(browser, { width: 375, height: 667 });
    await other.page.goto(shopOrigin);
    await launcher(other.page).click();
    await other.page.getByRole("button", { name: "Start chat" }).click();
    await visitorComposer(other.page).fill("I am someone else");
    await visitorComposer(other.page).press("Enter");
    await chatLog(other.page).getByText("I am someone else").waitFor();
    await screenshot(other.page, "webchat-small-screen");
    const otherLog = await chatLog(other.page).innerText();
    expect(otherLog).toContain("Hi! How can we help?");
    expect(otherLog).not.toContain("Vera");
    expect(otherLog).not.toContain("order shipped");
    // Nor by asking the server with their own token for the first visitor's file or messages.
    const otherToken = (await visitorOf(other.page)).token;
    const theirs = await other.page.evaluate(
      async ({ url, token }) => (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json(),
      { url: `${baseUrl()}/api/webchat/${widget.webchat!.widgetKey}/messages`, token: otherToken },
    );
    expect(JSON.stringify(theirs)).not.toContain("order shipped");

    await other.context.close();
    await staff.close();
    await visitor.context.close();
  });
});
