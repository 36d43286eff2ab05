import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, createQueue, launchBrowser, screenshot, signedIn } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";

/**
 * Deleting a menu customers are waiting in (issue 28): the confirmation says how many, and after
 * the delete those customers are with the team, told so. The menu, its connection and two
 * customers come from the API; the admin deletes through the screen.
 */
const suffix = Date.now().toString(36);
const menuName = `Holiday menu ${suffix}`;
const notice = "The menu you were answering is no longer available. An attendant will answer you here shortly.";

let browser: Browser;
let token: string;
const ticketIds: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const queue = await createQueue(token, { name: `Holiday desk ${suffix}` });
  const toQueue = { destinationType: "queue", destinationTypeId: queue.id };
  const menu = await api<{ id: number }>("/uras", {
    method: "POST",
    token,
    body: JSON.stringify({ name: menuName, description: "Choose:", directDial: false, uraItems: [{ selector: "1", menuName: "Desk", ...toQueue }] }),
  });
  const connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Holiday line ${suffix}`, kind: "api", destinationType: "uras", destinationItem: menu.id }),
  });
  for (const [n, name] of ["Ines", "Otto"].entries()) {
    const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiToken}` },
      body: JSON.stringify({ externalId: `stage-${suffix}-${n}`, from: { number: `55117${(Date.now() + n).toString().slice(-8)}`, name }, body: "Hello" }),
    });
    ticketIds.push(ticketId);
  }
  // Nothing may lead to a menu being deleted: the connection now starts in the queue.
  await api(`/whatsapp/${connection.id}`, { method: "PUT", token, body: JSON.stringify({ destinationType: "queue", destinationItem: queue.id }) });
});
afterAll(() => browser.close());

describe("deleting a menu customers wait in", () => {
  it("says how many are waiting, and hands them to the team", async () => {
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(page, "Menus (URA)");
    await page.getByRole("row").filter({ hasText: menuName }).getByRole("button", { name: `Delete ${menuName}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete the menu ${menuName}?` });
    await dialog.getByText("2 conversations are waiting here", { exact: false }).waitFor();
    await screenshot(page, "ura-delete-waiting-1280");

    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alert").filter({ hasText: "Menu deleted." }).waitFor();
    await page.getByRole("row").filter({ hasText: menuName }).waitFor({ state: "detached" });
    await context.close();

    for (const ticketId of ticketIds) {
      const page = await api<{ ticket: { status: string; queueId: number | null; ura: unknown }; messages: { body: string }[] }>(`/messages/${ticketId}`, { token });
      expect(page.ticket).toMatchObject({ status: "pending", queueId: null, ura: null });
      expect(page.messages.at(-1)?.body).toBe(notice);
    }
  });
});
