import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cloudWebhookBody, customerMessage, hubSignature, type SentToGraph } from "../packages/server/src/test/fakes/graph-api.js";
import { adminToken, api, baseUrl, createQueue, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";
import { sqlOnServer } from "./support/database.js";

/**
 * The official WhatsApp Cloud API (issue 32) against the local fake of Meta's Graph API: the
 * customer writes (a webhook signed with the app secret), the attendant answers, the 24-hour
 * window closes (its stored time moved back a day), and only a template can be sent, which
 * reaches Meta with its variables.
 */
const suffix = Date.now().toString(36);
const appSecret = `journey-secret-${suffix}`;
let browser: Browser;
let token: string;
let connectionId: number;
type FakeState = { phoneNumberId: string; businessAccountId: string; accessToken: string; sent: SentToGraph[] };
const graphUrl = () => inject("graphApiUrl");
const fakeState = async (): Promise<FakeState> => (await fetch(`${new URL(graphUrl()).origin}/_fake/state`)).json() as Promise<FakeState>;

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const fake = await fakeState();
  const queue = await createQueue(token, { name: `Cloud desk ${suffix}` });
  const connection = await api<{ id: number }>("/whatsapp", {
    method: "POST",
    token,
    body: JSON.stringify({
      name: `Cloud line ${suffix}`,
      kind: "whatsapp_cloud",
      destinationType: "queue",
      destinationItem: queue.id,
      cloud: { phoneNumberId: fake.phoneNumberId, businessAccountId: fake.businessAccountId, accessToken: fake.accessToken, appSecret, verifyToken: `verify-${suffix}` },
    }),
  });
  connectionId = connection.id;
});
afterAll(() => browser.close());

describe("WhatsApp Cloud API", () => {
  it("a customer writes through Meta, the attendant answers, and after 24 hours only a template goes", async () => {
    const fake = await fakeState();
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);

    // The connection's form: ids shown, secrets empty ("leave empty to keep"), the webhook URL to paste into Meta.
    await page.goto(`/connections/edit/${connectionId}`);
    await page.getByLabel("Phone number ID").waitFor();
    expect(await page.getByLabel("Phone number ID").inputValue()).toBe(fake.phoneNumberId);
    await page.getByText("Saved. Leave empty to keep it.").first().waitFor();
    expect(await page.getByRole("textbox", { name: "Webhook callback URL" }).inputValue()).toBe(`${baseUrl()}/api/channels/whatsapp-cloud/${connectionId}/webhook`);
    await screenshot(page, "whatsapp-cloud-connection-form");

    // The customer writes: Meta POSTs the message, signed with the app secret.
    const from = `55119${Date.now().toString().slice(-8)}`;
    const item = customerMessage(from, "text", { text: { body: "Is my order on its way?" } });
    const raw = JSON.stringify(cloudWebhookBody(fake, { contacts: [{ wa_id: from, name: `Bea ${suffix}` }], messages: [item] }));
    const delivered = await fetch(`${baseUrl()}/api/channels/whatsapp-cloud/${connectionId}/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": hubSignature(appSecret, raw) },
      body: raw,
    });
    expect(delivered.status).toBe(200);
    const [stored] = await sqlOnServer<{ ticket_id: number }>("select ticket_id from messages where external_id = $1", [item.id]);
    const ticketId = stored!.ticket_id;

    // The attendant answers: it reaches Meta as a text message to the customer.
    await page.goto(`/tickets/${ticketId}`);
    await page.getByText("Is my order on its way?").waitFor();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.getByRole("textbox", { name: "Message" }).fill(`It left this morning, ${suffix}`);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const answer = await until(async () => (await fakeState()).sent.find((sent) => JSON.stringify(sent.body).includes(`It left this morning, ${suffix}`)), "the answer at Meta");
    expect(answer).toMatchObject({ to: from, type: "text" });

    // A day later: the window is closed; the composer offers only a template.
    // A day passes: the customer's last message (its stored window and the message itself) moved back 25 hours.
    await sqlOnServer("update cloud_service_windows set last_inbound_at = now() - interval '25 hours' where connection_id = $1 and number = $2", [connectionId, from]);
    await sqlOnServer("update messages set created_at = created_at - interval '25 hours' where ticket_id = $1 and from_me = false", [ticketId]);
    await page.reload();
    await page.getByText(/accepts only an approved template/).waitFor();
    expect(await page.getByRole("textbox", { name: "Message" }).count()).toBe(0);
    await page.getByText("Is my order on its way?").waitFor();
    await screenshot(page, "whatsapp-cloud-window-closed");
    await page.getByRole("button", { name: "Send a template" }).click();
    const dialog = page.getByRole("dialog", { name: "Send a template" });
    await dialog.getByLabel("Header {{1}}").fill("#1042");
    await dialog.getByLabel("Text {{1}}").fill("Bea");
    await dialog.getByLabel("Text {{2}}").fill("out for delivery");
    await dialog.getByText("Hello Bea, your order is out for delivery.").waitFor();
    await screenshot(page, "whatsapp-cloud-template-dialog");
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.waitFor({ state: "detached" });
    const template = await until(async () => (await fakeState()).sent.find((sent) => sent.type === "template" && sent.to === from), "the template at Meta");
    expect(template.body).toMatchObject({
      template: {
        name: "order_update",
        components: [
          { type: "header", parameters: [{ type: "text", text: "#1042" }] },
          { type: "body", parameters: [{ type: "text", text: "Bea" }, { type: "text", text: "out for delivery" }] },
        ],
      },
    });
    await page.getByText(/Hello Bea, your order is out for delivery\./).first().waitFor();
    await screenshot(page, "whatsapp-cloud-template-sent");
  });
});
