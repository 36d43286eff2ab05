import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, createQueue, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * Presence (issue 30): two attendants of one queue, each in their own browser. Each is online as
 * soon as their page is connected; one chooses away from the app bar's menu, by keyboard, and the
 * other sees it change live in the transfer dialog's list of colleagues.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const ana = { name: `Ana Presence ${suffix}`, email: `ana-presence-${suffix}@e2e.atendo.test` };
const bia = { name: `Bia Presence ${suffix}`, email: `bia-presence-${suffix}@e2e.atendo.test` };
let browser: Browser;
let connection: { id: number; apiToken: string };

const presenceButton = (page: Page, status: string) => page.getByRole("button", { name: `Presence: ${status}` });

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminToken();
  const queue = await createQueue(admin, { name: `Presence ${suffix}` });
  for (const who of [ana, bia]) {
    await api("/users", { method: "POST", token: admin, body: JSON.stringify({ ...who, password, profile: "user", queueIds: [queue.id] }) });
  }
  connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Presence chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
});
afterAll(() => browser.close());

describe("presence", () => {
  it("is chosen from the app bar by keyboard and shows live to a colleague in the transfer dialog", async () => {
    const anaSide = await signedIn(browser, ana.email, password);
    const biaSide = await signedIn(browser, bia.email, password, { width: 500, height: 800 });
    const page = anaSide.page;
    const other = biaSide.page;

    // Connected, each is online: the app bar says so.
    await presenceButton(page, "Online").waitFor();
    await presenceButton(other, "Online").waitFor();

    // The menu, as each screen shows it.
    await presenceButton(page, "Online").click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitemradio", { name: /Online/, checked: true }).waitFor();
    expect(await menu.getByRole("menuitemradio").count()).toBe(3);
    await screenshot(page, "presence-menu-desktop");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });

    // A customer writes; Ana takes the conversation and opens the transfer dialog.
    const customer = { name: `Caio ${suffix}`, number: `55219${Date.now().toString().slice(-8)}` };
    const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiToken}` },
      body: JSON.stringify({ externalId: `presence-${suffix}`, from: customer, body: "Is anyone there?" }),
    });
    await page.getByRole("tab", { name: /^Waiting/ }).click();
    const waiting = page.getByRole("list", { name: "Waiting tickets" }).getByRole("listitem").filter({ hasText: customer.name });
    await waiting.getByRole("button", { name: `Accept ticket from ${customer.name}` }).click();
    await page.waitForURL(`**/tickets/${ticketId}`);
    await page.getByRole("button", { name: "Transfer" }).click();
    const dialog = page.getByRole("dialog", { name: "Transfer ticket" });
    await dialog.getByRole("combobox", { name: "Attendant" }).fill(bia.name.slice(0, 12));
    const choice = page.getByRole("option", { name: new RegExp(bia.name) });
    await choice.getByRole("img", { name: "Online" }).waitFor();

    // Bia chooses away with the keyboard alone: the menu opens on her current choice.
    await presenceButton(other, "Online").focus();
    await other.keyboard.press("Enter");
    const herMenu = other.getByRole("menu");
    await herMenu.getByRole("menuitemradio", { name: /Online/, checked: true }).waitFor();
    await screenshot(other, "presence-menu-500");
    await other.keyboard.press("ArrowDown");
    await other.keyboard.press("Enter");
    await presenceButton(other, "Away").waitFor();
    await expect.poll(() => other.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Presence: Away");

    // Ana's open list shows it without any reload.
    await choice.getByRole("img", { name: "Away" }).waitFor();
    await screenshot(page, "presence-transfer-away");

    await anaSide.context.close();
    await biaSide.context.close();
  });
});
