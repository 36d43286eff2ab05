import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, createQueue, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";
import { axeFindings, describeFindings } from "./support/axe.js";

/**
 * The outbound pace (issue 31): a new connection's pace fields show its kind's default and follow
 * the kind chosen; an admin sets a pace of its own, a bad value is explained under its field, and
 * the connection keeps what was saved.
 */
const suffix = Date.now().toString(36);
let browser: Browser;
let queueName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  queueName = `Harbour ${suffix}`;
  await createQueue(await adminToken(), { name: queueName });
});
afterAll(() => browser.close());

describe("sending pace", () => {
  it("shows the kind's default, follows the kind, refuses a bad value and keeps the pace saved", async () => {
    const name = `Paced line ${suffix}`;
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(page, "Connections");
    await page.getByRole("link", { name: "Add connection" }).click();
    await page.waitForURL("**/connections/new");
    const pace = page.getByRole("region", { name: "Sending pace" });
    const perMinute = pace.getByRole("textbox", { name: /^Messages per minute/ });
    const dailyCap = pace.getByRole("textbox", { name: /^Daily cap on outreach/ });
    const warmUp = pace.getByRole("textbox", { name: /^Warm-up/ });
    // WhatsApp, the default kind: a safe pace.
    expect([await perMinute.inputValue(), await dailyCap.inputValue(), await warmUp.inputValue()]).toEqual(["20", "500", "10"]);
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "API", exact: true }).click();
    await expect.poll(() => perMinute.inputValue()).toBe("30000");
    expect(await dailyCap.inputValue()).toBe("0");
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole("combobox", { name: /Destination type/ }).click();
    await page.getByRole("option", { name: "Queue" }).click();
    await page.getByRole("combobox", { name: /^Destination(?! type)/ }).click();
    await page.getByRole("option", { name: queueName }).click();

    await perMinute.fill("0");
    await perMinute.blur();
    await pace.getByText("Write a whole number from 1 to 60,000.").waitFor();
    await perMinute.fill("3000");
    await dailyCap.fill("10000");
    await warmUp.fill("5");
    await pace.scrollIntoViewIfNeeded();
    await screenshot(page, "pace-connection-form");
    await page.setViewportSize({ width: 500, height: 900 });
    await pace.scrollIntoViewIfNeeded();
    await screenshot(page, "pace-connection-form-500");
    const findings = await axeFindings(page, "the connection form's pace section");
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/connections");
    await page.getByRole("alert").filter({ hasText: "Connection saved." }).waitFor();

    const connections = await api<{ id: number; name: string; pace: unknown }[]>("/whatsapp", { token: await adminToken() });
    const connection = connections.find((item) => item.name === name)!;
    expect(connection.pace).toEqual({ perMinute: 3000, dailyCap: 10000, warmUp: 5 });
    await page.goto(`/connections/edit/${connection.id}`);
    await expect.poll(() => page.getByRole("region", { name: "Sending pace" }).getByRole("textbox", { name: /^Messages per minute/ }).inputValue()).toBe("3000");
  });
});
