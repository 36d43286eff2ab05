import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, createQueue, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * The ticket screen with the keyboard only (issue 16): Tab into the list, arrows, Home and End
 * through its rows, Enter opens a ticket, Alt+M jumps to the composer, Escape closes the quick
 * answers, Enter sends.
 */
const suffix = Date.now().toString(36);
const word = suffix.replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] ?? "");
const password = "attendant-password";
const attendant = { name: `Kai ${suffix}`, email: `kai-${suffix}@e2e.atendo.test` };
let browser: Browser;
let connection: { id: number; apiToken: string };
let attendantId: number;
let attendantToken: string;
let seq = 0;

async function customerWrites(name: string, body: string): Promise<number> {
  const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}` },
    body: JSON.stringify({ externalId: `kbd-${suffix}-${++seq}`, from: { number: `55116${(Date.now() + seq).toString().slice(-8)}`, name }, body }),
  });
  return ticketId;
}

/** What has the focus: its accessible text, and the list row it sits in (its index), if any. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const row = active?.closest<HTMLElement>("[data-index]");
    return { inList: Boolean(active?.closest('[role="list"][aria-label="Open tickets"]')), index: row ? Number(row.dataset.index) : null, text: active?.textContent ?? "", tag: active?.tagName ?? "" };
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminToken();
  const queue = await createQueue(admin, { name: `Keys ${suffix}` });
  ({ id: attendantId } = await api<{ id: number }>("/users", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [queue.id] }),
  }));
  connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Keys chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
  ({ token: attendantToken } = await api<{ token: string }>("/auth/login", { method: "POST", body: JSON.stringify({ email: attendant.email, password }) }));
  await api("/quickAnswers", { method: "POST", token: admin, body: JSON.stringify({ shortcut: `kb${suffix.slice(-6)}`, message: "Happy to help with that today." }) });
});
afterAll(() => browser.close());

describe("the ticket screen by keyboard", () => {
  it("moves through the list with arrows, Home and End, opens with Enter, and replies after Alt+M", async () => {
    const names = ["Ana", "Ben", "Cy"].map((name) => `${name} ${word}`);
    for (const name of names) {
      const ticketId = await customerWrites(name, `Question from ${name}`);
      await api(`/tickets/${ticketId}`, { method: "PUT", token: attendantToken, body: JSON.stringify({ status: "open", userId: attendantId, action: "assigned" }) });
    }
    const { context, page } = await signedIn(browser, attendant.email, password);
    const list = page.getByRole("list", { name: "Open tickets" });
    await list.getByRole("listitem").filter({ hasText: names[0] }).waitFor();

    // Tab from the top of the page until the focus enters the list (a person pressing Tab).
    await page.locator("body").focus();
    for (let presses = 0; presses < 40 && !(await focused(page)).inList; presses++) await page.keyboard.press("Tab");
    expect((await focused(page)).index).toBe(0);
    // Newest first: Cy, Ben, Ana.
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toMatchObject({ index: 1, inList: true });
    expect((await focused(page)).text).toContain(names[1]);
    await page.keyboard.press("End");
    expect((await focused(page)).text).toContain(names[0]);
    await page.keyboard.press("Home");
    expect(await focused(page)).toMatchObject({ index: 0 });
    await page.keyboard.press("ArrowUp");
    expect(await focused(page)).toMatchObject({ index: 0 });
    await page.keyboard.press("ArrowDown");
    // The focused row shows it: a visible focus ring (MUI's keyboard focus class).
    expect(await page.evaluate(() => document.activeElement?.matches(":focus-visible"))).toBe(true);
    await screenshot(page, "d2-keyboard-list-focus");
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "Messages" }).getByText(`Question from ${names[1]}`).waitFor();

    // Alt+M from wherever the focus is puts the caret in the composer.
    await page.getByRole("button", { name: "Filters" }).focus();
    await page.keyboard.press("Alt+KeyM");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Message");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-keyshortcuts"))).toBe("Alt+M");
    // Escape closes the quick answers the "/" opened, and the text stays.
    await page.keyboard.type(`/kb${suffix.slice(-6, -2)}`);
    const suggestions = page.getByRole("option", { name: /Happy to help/ });
    await suggestions.waitFor();
    await page.keyboard.press("Escape");
    await suggestions.waitFor({ state: "detached" });
    await page.keyboard.press("Control+A");
    await page.keyboard.type(`On it, ${names[1]}`);
    await page.keyboard.press("Enter");
    await page.getByRole("region", { name: "Messages" }).getByRole("listitem").filter({ hasText: `On it, ${names[1]}` }).waitFor();
    await context.close();
  });
});
