import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../packages/server/src/test/webhook-receiver.js";
import { E2E_ADMIN, adminToken, api, createQueue, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";

/**
 * The attendants' assistant (issue 33, decision 0094) against the fake OpenAI-compatible server the
 * journeys' server is given (global-setup.ts): its answer shows what it was sent, so the
 * suggestion in the composer is the conversation the attendant sees, nothing more.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const attendant = { name: `Gael ${suffix}`, email: `gael-${suffix}@e2e.atendo.test` };
const customer = { name: `Lia ${suffix}`, number: `55319${Date.now().toString().slice(-8)}` };
const question = `Where is my parcel ${suffix}?`;

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let admin: string;
let queueId: number;
let ticketId: number;

const conversation = (page: Page) => page.getByRole("region", { name: "Messages" });
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" }).or(page.getByRole("combobox", { name: "Message" }));
const assistantMenu = async (page: Page) => {
  await page.getByRole("button", { name: "Assistant" }).click();
  return page.getByRole("menu");
};

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
  admin = await adminToken();
  ({ id: queueId } = await createQueue(admin, { name: `Parcels AI ${suffix}` }));
  const user = await api<{ id: number }>("/users", { method: "POST", token: admin, body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [queueId] }) });
  const connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Parcels AI chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queueId, webhookUrl: receiver.url }),
  });
  ({ ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}` },
    body: JSON.stringify({ externalId: `ai-${suffix}`, from: customer, body: question }),
  }));
  // The attendant accepts it (the journey is about the open ticket's composer).
  const { token } = await api<{ token: string }>("/auth/login", { method: "POST", body: JSON.stringify({ email: attendant.email, password }) });
  await api(`/tickets/${ticketId}`, { method: "PUT", token, body: JSON.stringify({ status: "open", userId: user.id, action: "assigned" }) });
});

afterAll(async () => {
  await browser.close();
  await receiver.close();
});

describe("the assistant", () => {
  it("suggests a reply into the composer, which the attendant edits and sends; summarises; translates a message", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, attendant.email, password);
    await page.goto(`/tickets/${ticketId}`);
    await conversation(page).getByText(question).waitFor();

    // Suggest a reply: it lands in the composer, and nothing is sent until the attendant sends it.
    const menu = await assistantMenu(page);
    await menu.getByRole("menuitem", { name: "Summarise the conversation" }).waitFor();
    await screenshot(page, "assistant-menu");
    await menu.getByRole("menuitem", { name: "Suggest a reply" }).click();
    const suggestion = `Fake answer (fake-model): Customer: ${question}`;
    await expect.poll(() => composer(page).inputValue()).toBe(suggestion);
    expect(receiver.received.filter((request) => request.rawBody.includes("Fake answer"))).toEqual([]);
    await composer(page).press("End");
    await composer(page).pressSequentially(" It ships today.");
    await composer(page).press("Enter");
    const sent = conversation(page).getByRole("listitem").filter({ hasText: `${suggestion} It ships today.` });
    await sent.waitFor();

    // Summarise: the dialog shows the whole conversation as the attendant sees it, their reply included.
    await (await assistantMenu(page)).getByRole("menuitem", { name: "Summarise the conversation" }).click();
    const summary = page.getByRole("dialog", { name: "Summary" });
    await summary.getByText(/^Fake answer \(fake-model\): Customer: Where is my parcel/).waitFor();
    expect(await summary.getByTestId("assistant-text").textContent()).toContain("Attendant:");
    await screenshot(page, "assistant-summary");
    await summary.getByRole("button", { name: "Close" }).click();
    await summary.waitFor({ state: "detached" });

    // Translate a message: from its menu, into the app's language.
    const bubble = conversation(page).getByRole("listitem").filter({ hasText: question }).first();
    await bubble.hover();
    await bubble.getByRole("button", { name: "Message options" }).click();
    await page.getByRole("menuitem", { name: "Translate" }).click();
    const translation = page.getByRole("dialog", { name: "Translation" });
    await translation.getByTestId("assistant-text").getByText(`Fake answer (fake-model): ${question}`).waitFor();
    await translation.getByRole("button", { name: "Close" }).click();
    await context.close();
  });

  it("shows no assistant in a ticket whose queue the admin turned it off for", async () => {
    const asAdmin = await newPage(browser);
    await loginAs(asAdmin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await asAdmin.page.goto(`/queues/edit/${queueId}`);
    const assistantSwitch = asAdmin.page.getByRole("switch", { name: "Assistant" }).or(asAdmin.page.getByRole("checkbox", { name: "Assistant" }));
    expect(await assistantSwitch.isChecked()).toBe(true);
    await assistantSwitch.uncheck();
    await assistantSwitch.scrollIntoViewIfNeeded();
    await screenshot(asAdmin.page, "assistant-queue-switch");
    await asAdmin.page.getByRole("button", { name: "Save" }).click();
    await asAdmin.page.getByRole("alert").filter({ hasText: "Queue saved." }).waitFor();
    await asAdmin.context.close();

    const { context, page } = await newPage(browser);
    await loginAs(page, attendant.email, password);
    const status = page.waitForResponse((response) => response.url().endsWith("/api/assistant"));
    await page.goto(`/tickets/${ticketId}`);
    expect(await (await status).json()).toMatchObject({ enabled: true, offQueueIds: expect.arrayContaining([queueId]) });
    await conversation(page).getByText(question, { exact: true }).waitFor();
    await composer(page).waitFor();
    expect(await page.getByRole("button", { name: "Assistant" }).count()).toBe(0);
    await context.close();
  });
});
