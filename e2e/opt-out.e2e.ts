import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openConfigPage } from "./support/admin-nav.js";
import { adminToken, api, baseUrl, createQueue, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * Opt-out (issue 31): a customer writes "Stop!" through the API channel and is opted out; the
 * admin finds them under the contacts' Opted out filter, sees why in the contact dialog and allows
 * messages again after a confirmation; the keywords are edited, and checked, on the settings screen.
 */
const suffix = Date.now().toString(36);
const customerName = `Optout Customer ${suffix}`;
const number = `55117${Date.now().toString().slice(-8)}`;
let browser: Browser;
let token: string;
let connection: { id: number; apiToken: string };

async function customerWrites(body: string, sequence: number): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}`, "content-type": "application/json" },
    body: JSON.stringify({ externalId: `optout-${suffix}-${sequence}`, from: { number, name: customerName }, body }),
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const queue = await createQueue(token, { name: `Opt-out ${suffix}`, greetingMessage: "" });
  connection = await api("/whatsapp", { method: "POST", token, body: JSON.stringify({ name: `Opt-out line ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }) });
});
afterAll(() => browser.close());

describe("opt-out", () => {
  it("a customer's keyword opts them out; the admin finds them by the filter and allows messages again", async () => {
    await customerWrites("Hello", 1);
    await customerWrites("Stop!", 2);
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("heading", { name: "Contacts" }).waitFor();

    const filter = page.getByRole("button", { name: "Show only the contacts who opted out" });
    await filter.filter({ hasText: /Opted out \(\d+\)/ }).waitFor();
    await filter.click();
    expect(await filter.getAttribute("aria-pressed")).toBe("true");
    await page.getByLabel("Search contacts").fill(customerName);
    const row = page.getByRole("row").filter({ hasText: customerName });
    await row.getByText("Opted out", { exact: true }).waitFor();
    await screenshot(page, "opt-out-contacts-filter");

    await row.getByRole("button", { name: `Edit ${customerName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit contact" });
    await dialog.getByText(/^Opted out on .*left out of campaigns/).waitFor();
    await screenshot(page, "opt-out-contact-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await row.getByRole("button", { name: `Allow messages again to ${customerName}` }).click();
    const confirm = page.getByRole("dialog", { name: `Allow messages again to ${customerName}?` });
    await screenshot(page, "opt-out-confirm");
    await confirm.getByRole("button", { name: "Allow messages again" }).click();
    await page.getByRole("alert").filter({ hasText: `${customerName} may receive messages again.` }).waitFor();
    // No longer opted out: the filtered list lets them go.
    await row.waitFor({ state: "detached" });
    const contacts = await api<{ contacts: { name: string; optedOut: boolean }[] }>(`/contacts?searchParam=${encodeURIComponent(customerName)}`, { token });
    expect(contacts.contacts).toMatchObject([{ name: customerName, optedOut: false }]);
  });

  it("the keywords are edited on the settings screen, and a number alone is refused there", async () => {
    const { page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      await openConfigPage(page, "General");
      const field = page.getByLabel("Keywords, separated by commas");
      expect(await field.inputValue()).toBe("SAIR, PARAR, STOP");
      // The settings screen's one Save button: the other settings save as they change.
      const save = page.getByRole("button", { name: "Save" });
      await field.fill("STOP, 5");
      await page.getByText("Each keyword needs a letter: a number alone is a menu option or a survey score.").waitFor();
      expect(await save.isDisabled()).toBe(true);
      await field.fill("SAIR, PARAR, STOP, Cancelar");
      await save.click();
      await page.getByRole("alert").filter({ hasText: "Setting saved." }).waitFor();
      await field.scrollIntoViewIfNeeded();
      await screenshot(page, "opt-out-setting");
      const settings = await api<{ key: string; value: string }[]>("/settings", { token });
      expect(settings.find((setting) => setting.key === "optOutKeywords")?.value).toBe("SAIR, PARAR, STOP, Cancelar");
    } finally {
      await api("/settings/optOutKeywords", { method: "PUT", token, body: JSON.stringify({ value: "SAIR, PARAR, STOP" }) });
    }
  });
});
