import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, createQueue, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * Automation rules (issue 33, decision 0093): an admin builds "message received, text contains
 * boleto → add label Financeiro, move to queue Financeiro" in the rule builder; a customer writes
 * "segunda via do boleto" through the API channel; the ticket carries the label and waits in that
 * queue; the rule's run log shows the run.
 */
const suffix = Date.now().toString(36);
const ruleName = `Boleto ${suffix}`;
let browser: Browser;
let admin: string;
let finance: { id: number; name: string };
let label: { id: number; name: string };
let connection: { id: number; apiToken: string };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const start = await createQueue(admin, { name: `Reception ${suffix}` });
  finance = { id: (await createQueue(admin, { name: `Financeiro ${suffix}` })).id, name: `Financeiro ${suffix}` };
  label = await api<{ id: number; name: string }>("/tags", { method: "POST", token: admin, body: JSON.stringify({ name: `Financeiro ${suffix}`, color: "#4CAF50" }) });
  connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Rules chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: start.id }),
  });
});
afterAll(() => browser.close());

async function pick(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: field }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("automation rules", () => {
  it("an admin builds a boleto rule; a customer's message is labelled and moved; the run log shows it", async () => {
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("link", { name: "Automations" }).click();
    await page.getByRole("heading", { name: "Automations" }).waitFor();
    await page.getByRole("link", { name: "Add rule" }).click();
    await page.getByRole("heading", { name: "New automation rule" }).waitFor();

    await page.getByRole("textbox", { name: "Name" }).fill(ruleName);
    await page.getByRole("combobox", { name: "When" }).getByText("Message received").waitFor();
    await page.getByRole("button", { name: "Add condition" }).click();
    await page.getByRole("combobox", { name: "Operator 1" }).getByText("contains").waitFor();
    await page.getByRole("textbox", { name: "Value 1" }).fill("boleto");
    await pick(page, "With 1", label.name);
    await page.getByRole("button", { name: "Add action" }).click();
    await pick(page, "Action 2", "Move to queue");
    await pick(page, "With 2", finance.name);
    await page.getByRole("button", { name: "Dry run" }).click();
    await page.getByText(/Against the last \d+ events/).waitFor();
    await screenshot(page, "automation-form");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Rule saved.").waitFor();
    await page.getByRole("row").filter({ hasText: ruleName }).waitFor();
    await screenshot(page, "automations-list");

    const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiToken}` },
      body: JSON.stringify({ externalId: `automations-${suffix}`, from: { number: `55117${Date.now().toString().slice(-8)}`, name: `Cliente ${suffix}` }, body: "segunda via do boleto" }),
    });

    // The ticket, as the admin opens it: the label on its header, in the Financeiro queue.
    await page.goto(`/tickets/${ticketId}`);
    await page.getByText(label.name).first().waitFor();
    const ticket = await api<{ ticket: { queueId: number; tags: { id: number }[] } }>(`/tickets/${ticketId}`, { token: admin });
    expect(ticket.ticket.queueId).toBe(finance.id);
    expect(ticket.ticket.tags.map((tag) => tag.id)).toEqual([label.id]);
    await page.getByText(finance.name).first().waitFor();
    await screenshot(page, "automation-ticket");

    // The run log.
    await page.goto("/automations");
    await page.getByRole("button", { name: `Run log of ${ruleName}` }).click();
    const log = page.getByRole("dialog", { name: `Run log: ${ruleName}` });
    await log.getByRole("row").filter({ hasText: `#${ticketId}` }).getByText("Done").waitFor();
    await screenshot(page, "automation-runs");
  });
});
