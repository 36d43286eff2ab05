import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../packages/server/src/test/webhook-receiver.js";
import { adminToken, api, baseUrl, createQueue, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";

/**
 * The life of a ticket worked by two attendants, each in their own browser (issue 5): accepted
 * by a queue member, answered, transferred to a colleague outside the queue who sees it arrive
 * live, resolved with the connection's farewell; and messages forwarded to two other tickets.
 * Customers write through an API connection whose webhook is a real receiver.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const farewell = `Thank you for talking to Harbour ${suffix}. Bye!`;
const first = { name: `Helena ${suffix}`, email: `helena-${suffix}@e2e.atendo.test` };
const second = { name: `Tomas ${suffix}`, email: `tomas-${suffix}@e2e.atendo.test` };
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let connection: { id: number; apiToken: string };
let firstToken: string;
let firstId: number;

let messageSeq = 0;
/** A customer writes through the API channel (docs/api-channel.md); answers the ticket's id. */
async function customerWrites(customer: { number: string; name: string }, body: string): Promise<number> {
  const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}` },
    body: JSON.stringify({ externalId: `flow-${suffix}-${++messageSeq}`, from: customer, body }),
  });
  return ticketId;
}

const customer = (name: string, tail: number) => ({ name: `${name} ${suffix}`, number: `55219${(Date.now() + tail).toString().slice(-8)}` });

async function signIn(who: { email: string }): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser);
  const live = liveConnection(page);
  await loginAs(page, who.email, password);
  await live;
  return { context, page };
}

const rows = (page: Page, label: string) => page.getByRole("list", { name: label }).getByRole("listitem");
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const conversation = (page: Page) => page.getByRole("region", { name: "Messages" });
const bubble = (page: Page, text: string) => conversation(page).getByRole("listitem").filter({ hasText: text });
const sentBodies = () => receiver.received.flatMap(({ payload }) => (payload.event === "message" ? [payload] : []));

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
  const admin = await adminToken();
  const queue = await createQueue(admin, { name: `Harbour ${suffix}` });
  const created = await api<{ id: number }>("/users", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ ...first, password, profile: "user", queueIds: [queue.id] }),
  });
  firstId = created.id;
  // The colleague is in no queue: the ticket reaches them only by the transfer.
  await api("/users", { method: "POST", token: admin, body: JSON.stringify({ ...second, password, profile: "user", queueIds: [] }) });
  connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({
      name: `Harbour chat ${suffix}`,
      kind: "api",
      destinationType: "queue",
      destinationItem: queue.id,
      webhookUrl: receiver.url,
      farewellMessage: farewell,
    }),
  });
  ({ token: firstToken } = await api<{ token: string }>("/auth/login", { method: "POST", body: JSON.stringify({ email: first.email, password }) }));
});

afterAll(async () => {
  await browser.close();
  await receiver.close();
});

describe("a ticket worked by two attendants", () => {
  it("is accepted, answered, transferred to a colleague who sees it arrive, and resolved with the farewell", async () => {
    const firstSide = await signIn(first);
    const secondSide = await signIn(second);
    const { page } = firstSide;
    const other = secondSide.page;
    await page.getByRole("tab", { name: /^Waiting/ }).click();
    await other.getByRole("tab", { name: /^Open/ }).click();
    await other.getByRole("list", { name: "Open tickets" }).or(other.getByText("No open tickets.", { exact: false })).first().waitFor();

    const client = customer("Rafaela", 1);
    const ticketId = await customerWrites(client, "Where is my container?");
    const waiting = rows(page, "Waiting tickets").filter({ hasText: client.name });
    await waiting.getByRole("button", { name: `Accept ticket from ${client.name}` }).click();
    await page.waitForURL(`**/tickets/${ticketId}`);

    // The answer reaches the customer's system.
    await composer(page).fill("Let me check with the harbour");
    await composer(page).press("Enter");
    await expect.poll(() => sentBodies().some((payload) => payload.ticketId === ticketId && payload.body.endsWith("Let me check with the harbour"))).toBe(true);

    // Transfer to the colleague: picked by name as they are typed.
    await page.getByRole("button", { name: "Transfer" }).click();
    const dialog = page.getByRole("dialog", { name: "Transfer ticket" });
    await dialog.getByRole("combobox", { name: "Attendant" }).fill(second.name.slice(0, 5));
    await page.getByRole("option", { name: new RegExp(second.name) }).click();
    await dialog.getByRole("button", { name: "Transfer" }).click();
    await page.getByText("Ticket transferred.").waitFor();
    await page.waitForURL(/\/tickets$/);

    // The colleague sees it arrive in their open tickets, opens it and may write.
    const arrived = rows(other, "Open tickets").filter({ hasText: client.name });
    await arrived.getByRole("link", { name: new RegExp(client.name) }).click();
    await other.waitForURL(`**/tickets/${ticketId}`);
    await bubble(other, "Let me check with the harbour").waitFor();
    await other.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.disabled === false);
    // It left the first attendant's open tickets.
    await page.getByRole("tab", { name: /^Open/ }).click();
    await rows(page, "Open tickets").filter({ hasText: client.name }).waitFor({ state: "detached" });

    // Resolved with the farewell: the customer gets it, and the ticket can be reopened.
    await other.getByRole("button", { name: "Resolve" }).click();
    await other.getByRole("menuitem", { name: "Resolve and send the farewell message" }).click();
    await other.waitForURL(/\/tickets$/);
    await expect.poll(() => sentBodies().some((payload) => payload.ticketId === ticketId && payload.body === farewell)).toBe(true);
    const shown = await api<{ ticket: { status: string; userId: number | null } }>(`/tickets/${ticketId}`, { token: await adminToken() });
    expect(shown.ticket.status).toBe("closed");
    await firstSide.context.close();
    await secondSide.context.close();
  });

  it("forwards a message to two other tickets", async () => {
    const source = customer("Sofia", 2);
    const targets = [customer("Ugo", 3), customer("Vera", 4)];
    const accept = (ticketId: number) =>
      api(`/tickets/${ticketId}`, { method: "PUT", token: firstToken, body: JSON.stringify({ status: "open", userId: firstId, action: "assigned" }) });
    const sourceTicket = await customerWrites(source, `The tracking code is HB-${suffix}`);
    const targetTickets: number[] = [];
    for (const target of targets) targetTickets.push(await customerWrites(target, "Hello there"));
    for (const id of [sourceTicket, ...targetTickets]) await accept(id);

    const { context, page } = await signIn(first);
    await page.goto(`/tickets/${sourceTicket}`);
    const message = bubble(page, `HB-${suffix}`);
    await message.hover();
    await message.getByRole("button", { name: "Message options" }).click();
    await page.getByRole("menuitem", { name: "Forward" }).click();
    const toolbar = page.getByRole("toolbar", { name: "Selected messages" });
    await toolbar.getByText("1 message selected").waitFor();
    await toolbar.getByRole("button", { name: "Forward" }).click();

    const dialog = page.getByRole("dialog", { name: "Forward 1 message" });
    for (const target of targets) await dialog.getByRole("checkbox", { name: target.name }).click();
    await dialog.getByText("Chosen: 2 of 5").waitFor();
    await dialog.getByRole("button", { name: "Forward" }).click();
    await page.getByText("Forwarded to 2 tickets.").waitFor();

    // Each target ticket has it, marked as forwarded, and the customers' system got it.
    for (const ticketId of targetTickets) {
      await expect.poll(() => sentBodies().some((payload) => payload.ticketId === ticketId && payload.body.includes(`HB-${suffix}`))).toBe(true);
    }
    await page.goto(`/tickets/${targetTickets[0]}`);
    await bubble(page, `HB-${suffix}`).getByText("Forwarded", { exact: true }).waitFor();
    await context.close();
  });

  it("starts a chat from the contacts page", async () => {
    const contact = customer("Wanda", 5);
    await api("/contacts", { method: "POST", token: firstToken, body: JSON.stringify(contact) });
    const { context, page } = await signIn(first);
    await page.goto("/contacts");
    await page.getByLabel("Search contacts").fill(contact.name);
    await page.getByRole("button", { name: `Start a chat with ${contact.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "New ticket" });
    expect(await dialog.getByRole("combobox", { name: "Contact" }).inputValue()).toContain(contact.name);
    await dialog.getByRole("button", { name: "Start" }).click();
    await page.waitForURL(/\/tickets\/\d+$/);
    await page.getByRole("heading", { name: contact.name }).or(page.getByText(contact.name).first()).first().waitFor();
    // Opened as the attendant's own ticket: they can write at once.
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.disabled === false);
    // Back on the list, a reload does not open the dialog again.
    await page.goto("/tickets");
    expect(await page.getByRole("dialog", { name: "New ticket" }).count()).toBe(0);
    await context.close();
  });
});

describe("the new-ticket dialog's connections (issue 16, docs/decisions/0041)", () => {
  it("offers an attendant the connections they may use, and starts the ticket on the one chosen", async () => {
    const admin = await adminToken();
    const elsewhere = await api<{ id: number }>("/whatsapp", {
      method: "POST",
      token: admin,
      body: JSON.stringify({ name: `Elsewhere ${suffix}`, kind: "api", destinationType: "users", destinationItem: (await api<{ users: { id: number; email: string }[] }>(`/users?searchParam=${encodeURIComponent(second.email)}`, { token: admin })).users[0]?.id }),
    });
    const contact = customer("Yara", 7);
    await api("/contacts", { method: "POST", token: firstToken, body: JSON.stringify(contact) });
    const { context, page } = await signIn(first);
    await page.getByRole("button", { name: "New ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "New ticket" });
    await dialog.getByRole("combobox", { name: "Contact" }).fill(contact.name);
    await page.getByRole("option", { name: new RegExp(contact.name) }).click();
    await dialog.getByRole("combobox", { name: "Connection" }).click();
    const options = page.getByRole("listbox").getByRole("option");
    await options.filter({ hasText: `Harbour chat ${suffix}` }).waitFor();
    expect(await options.filter({ hasText: `Elsewhere ${suffix}` }).count()).toBe(0);
    await screenshot(page, "d2-new-ticket-connections");
    await options.filter({ hasText: `Harbour chat ${suffix}` }).click();
    await dialog.getByRole("button", { name: "Start" }).click();
    await page.waitForURL(/\/tickets\/\d+$/);
    const ticketId = Number(page.url().split("/").at(-1));
    const shown = await api<{ ticket: { whatsappId: number } }>(`/tickets/${ticketId}`, { token: firstToken });
    expect(shown.ticket.whatsappId).toBe(connection.id);
    // The server holds the same line: asking for the other connection directly is refused.
    const refused = await fetch(new URL("/api/tickets", baseUrl()), {
      method: "POST",
      headers: { authorization: `Bearer ${firstToken}`, "content-type": "application/json" },
      body: JSON.stringify({ contactId: (await api<{ ticket: { contactId: number } }>(`/tickets/${ticketId}`, { token: firstToken })).ticket.contactId, whatsappId: elsewhere.id }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe("ERR_CONNECTION_NOT_ALLOWED");
    await context.close();
  });
});
