import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, launchBrowser, liveConnection, loginAs, newPage, screenshot, signedIn } from "./support/browser.js";

/**
 * The internal team chat (issue 14), each colleague in a browser of their own. Ana starts a direct
 * chat with Bruno from the new-chat dialog; Bruno, on another screen, sees the drawer's Chat badge
 * and the title count rise, opens the chat from the top of his list, reads it and answers with a
 * picture, which reaches Ana live while her message turns read. Then Ana makes a group with Bruno
 * and Caio; Bruno renames it (Ana and Caio see the name change live), Caio leaves it, and Ana's
 * next message reaches Bruno but not Caio. Dora, an attendant in none of these chats, is signed in
 * all along: nothing of them reaches her. The four users come from the API.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const person = (name: string) => ({ name: `${name} ${suffix}`, email: `${name.toLowerCase()}-${suffix}@e2e.atendo.test` });
const ana = person("Ana");
const bruno = person("Bruno");
const caio = person("Caio");
const dora = person("Dora");
const hello = `Hello ${suffix}`;
const pictureName = `sketch-${suffix}.png`;
const groupName = `Team ${suffix}`;
const renamed = `Crew ${suffix}`;
const afterLeaving = `After Caio left ${suffix}`;

/** The socket.io event packets ("42[name, payload]") a page received, as they arrived. */
type Packets = string[];

/** Records the server's events reaching `page` (over WebSocket frames or polling responses). */
function recordEvents(page: Page): Packets {
  const packets: Packets = [];
  const take = (packet: string) => {
    if (packet.startsWith("42")) packets.push(packet);
  };
  page.on("websocket", (socket) => socket.on("framereceived", ({ payload }) => take(String(payload))));
  page.on("response", (response) => {
    if (!response.url().includes("/socket.io/")) return;
    response.text().then(
      (text) => text.split("\u001e").forEach(take),
      () => undefined,
    );
  });
  return packets;
}
const chatEvents = (packets: Packets) => packets.filter((packet) => /^42\["(chat|appChatMessage)"/.test(packet));

/** Like `signedIn`, with the page's server events recorded from its first connection on. */
async function signedInRecording(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page; packets: Packets }> {
  const { context, page } = await newPage(browser);
  const packets = recordEvents(page);
  const live = liveConnection(page);
  await loginAs(page, email, password);
  await live;
  return { context, page, packets };
}

let browser: Browser;
/** Dora: signed in from the start to the end of the file, in no chat. */
let outsider: { context: BrowserContext; page: Page; packets: Packets };
let outsiderTitle: string;

beforeAll(async () => {
  browser = await launchBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
  const token = await adminToken();
  for (const user of [ana, bruno, caio, dora]) {
    await api("/users", { method: "POST", token, body: JSON.stringify({ ...user, password, profile: "user" }) });
  }
  outsider = await signedInRecording(browser, dora.email);
  await chatLink(outsider.page).waitFor();
  outsiderTitle = await outsider.page.title();
});
afterAll(async () => {
  await outsider.context.close();
  await browser.close();
});

const chatLink = (page: Page) => page.getByRole("link", { name: "Chat", exact: true });
/** The drawer's Chat link while its badge shows `count` (announced as the link's description). */
const chatBadge = (page: Page, count: number) => chatLink(page).and(page.locator(`[aria-description="${count} unread"]`));
/** The unread count the document title starts with: "(2) Atendo". */
const titleCount = async (page: Page) => Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? "0");
const titleShows = (page: Page, count: number) =>
  page.waitForFunction((expected) => (/^\((\d+)\)/.exec(document.title)?.[1] ?? "0") === String(expected), count);
const chatRows = (page: Page) => page.getByRole("list", { name: "Chats" }).getByRole("listitem");
const messages = (page: Page) => page.getByRole("region", { name: "Messages" });
const bubble = (page: Page, text: string) => messages(page).locator("[data-message-id]").filter({ hasText: text });
const composer = (page: Page) => page.getByRole("textbox", { name: "Type a message" });

/** Opens /chats from the drawer and waits for the list (or its empty text). */
async function openChats(page: Page): Promise<void> {
  await chatLink(page).click();
  await page.waitForURL("**/chats");
  await page.getByRole("list", { name: "Chats" }).or(page.getByText("No chats yet.", { exact: false })).first().waitFor();
}

/** Starts a chat through the new-chat dialog with `users` (a group, named `name`, from two on). */
async function startChat(page: Page, users: { name: string }[], name?: string): Promise<void> {
  await page.getByRole("button", { name: "New chat" }).click();
  const dialog = page.getByRole("dialog", { name: "New chat" });
  for (const user of users) {
    await dialog.getByRole("combobox", { name: "Participants" }).fill(user.name);
    await page.getByRole("option", { name: new RegExp(user.name) }).click();
  }
  if (name) await dialog.getByRole("textbox", { name: /^Group name/ }).fill(name);
  await dialog.getByRole("button", { name: "Create" }).click();
  await page.waitForURL(/\/chats\/\d+$/);
  await dialog.waitFor({ state: "hidden" });
}

/** Types `text` in the open chat and sends it with Enter; resolves once the box is empty again. */
async function say(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect.poll(() => composer(page).inputValue()).toBe("");
}

/** A PNG drawn by the browser (a real image, so the server's sniffing accepts it). */
async function drawPicture(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 96;
    canvas.height = 64;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.fillStyle = "#1565c0";
    context.fillRect(0, 0, 96, 64);
    context.fillStyle = "#ffca28";
    context.beginPath();
    context.arc(48, 32, 20, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL("image/png").split(",")[1] ?? "";
  });
  return Buffer.from(base64, "base64");
}

describe("internal team chat", () => {
  it("carries a direct chat: the badge and title rise, the reply is a picture, and the first message turns read", async () => {
    const receiver = await signedIn(browser, bruno.email, password);
    const b = receiver.page;
    await chatLink(b).waitFor();
    expect(await chatLink(b).getAttribute("aria-description")).toBeNull();
    const titleBefore = await titleCount(b);

    const sender = await signedIn(browser, ana.email, password);
    const a = sender.page;
    await openChats(a);
    await startChat(a, [bruno]);
    // A direct chat is named after the other side.
    await a.getByRole("heading", { name: bruno.name }).waitFor();
    await a.getByText("No messages yet. Say hello!").waitFor();
    await say(a, hello);
    await bubble(a, hello).waitFor();

    // Bruno, still on his tickets: the Chat badge and the title's count rise.
    await chatBadge(b, 1).waitFor();
    await titleShows(b, titleBefore + 1);
    await screenshot(b, "chat-badge-on-tickets-1280");

    await openChats(b);
    const top = chatRows(b).first();
    await top.filter({ hasText: ana.name }).filter({ hasText: hello }).waitFor();
    await top.getByLabel("1 unread message").waitFor();
    await top.getByRole("link").click();
    await b.waitForURL(/\/chats\/\d+$/);
    await b.getByRole("heading", { name: ana.name }).waitFor();
    await bubble(b, hello).waitFor();
    // Read: the badge, the title's count and the row's badge go.
    await chatLink(b).and(b.locator(":not([aria-description])")).waitFor();
    await titleShows(b, titleBefore);
    await top.getByLabel("0 unread messages").waitFor({ state: "attached" });
    // Ana's message turns read (blue double tick) on her screen; Bruno's received one shows no ack.
    await bubble(a, hello).getByRole("img", { name: "Read" }).waitFor();
    expect(await bubble(b, hello).getByRole("img", { name: /^(Read|Delivered|Sent|Pending)$/ }).count()).toBe(0);

    // Bruno answers with a picture: it reaches Ana live and, her chat being on screen, is read at
    // once; her badge and title do not count it.
    await b.locator('[data-testid="message-file-input"]').setInputFiles({ name: pictureName, mimeType: "image/png", buffer: await drawPicture(b) });
    await b.getByRole("region", { name: "Type a message" }).getByText(pictureName).waitFor();
    // Ana's unread count is asked for again after a chat event (debounced): her badge as it then is.
    const countRefreshed = a.waitForResponse((response) => response.url().includes("withUnreadMessages=true"));
    await composer(b).press("Enter");
    const picture = messages(a).getByRole("img", { name: pictureName });
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
    const ownPicture = messages(b).locator("[data-message-id]").filter({ has: b.getByRole("img", { name: pictureName }) });
    await ownPicture.getByRole("img", { name: "Read" }).waitFor();
    await screenshot(b, "chat-direct-picture-sender-read-1280");
    await countRefreshed;
    expect(await chatLink(a).getAttribute("aria-description")).toBeNull();
    expect(await titleCount(a)).toBe(0);
    await bubble(a, hello).getByRole("img", { name: "Read" }).waitFor();
    // The list names a picture without a caption by its kind, not by its file name.
    const anaTop = chatRows(a).first();
    await anaTop.filter({ hasText: "📷 Photo" }).waitFor();
    expect(await anaTop.textContent()).not.toContain(pictureName);
    await screenshot(a, "chat-direct-picture-read-1280");

    await sender.context.close();
    await receiver.context.close();
  });

  it("renames a group live for everyone, and stops carrying it to the member who left", async () => {
    const owner = await signedIn(browser, ana.email, password);
    const member = await signedIn(browser, bruno.email, password);
    const leaver = await signedInRecording(browser, caio.email);
    const [a, b, c] = [owner.page, member.page, leaver.page];
    await openChats(b);
    await openChats(c);

    await openChats(a);
    await startChat(a, [bruno, caio], groupName);
    await a.getByRole("heading", { name: groupName }).waitFor();
    await a.getByRole("button", { name: `Details of ${groupName}` }).getByText("3 members").waitFor();

    // The new group reaches the others' lists live; Bruno renames it in the details drawer.
    await chatRows(b).filter({ hasText: groupName }).getByRole("link").click();
    await b.getByRole("button", { name: `Details of ${groupName}` }).click();
    const details = b.getByLabel("Chat details");
    await details.getByRole("button", { name: "Edit name" }).click();
    const nameBox = details.getByRole("textbox", { name: "Group name" });
    await nameBox.fill(renamed);
    await nameBox.press("Enter");
    await details.getByText(renamed, { exact: true }).waitFor();
    await details.getByRole("list", { name: "Members" }).getByRole("listitem").filter({ hasText: caio.name }).waitFor();
    await screenshot(b, "chat-group-details-renamed-1280");

    // Ana (in the chat) and Caio (on his list) see the new name without reloading.
    await a.getByRole("heading", { name: renamed }).waitFor();
    await chatRows(c).filter({ hasText: renamed }).waitFor();
    expect(await chatRows(c).filter({ hasText: groupName }).count()).toBe(0);

    // Caio leaves, confirming a question that names the group: back on his list, without it.
    await chatRows(c).filter({ hasText: renamed }).getByRole("link").click();
    await c.getByRole("button", { name: `Details of ${renamed}` }).click();
    await c.getByLabel("Chat details").getByRole("button", { name: "Leave group" }).click();
    const confirm = c.getByRole("dialog", { name: "Leave group" });
    await confirm.getByText(`Do you want to leave the group "${renamed}"?`).waitFor();
    await confirm.getByRole("button", { name: "Leave group" }).click();
    await c.waitForURL(/\/chats$/);
    await c.getByText("No chats yet.", { exact: false }).waitFor();
    await a.getByRole("button", { name: `Details of ${renamed}` }).getByText("2 members").waitFor();
    const leftAt = leaver.packets.length;

    // Bruno back on his list; Ana writes: it reaches him, not Caio.
    await b.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });
    await b.getByRole("link", { name: "Back to chats" }).click();
    await b.waitForURL(/\/chats$/);
    await chatRows(b).filter({ hasText: renamed }).getByLabel("0 unread messages").waitFor({ state: "attached" });
    await say(a, afterLeaving);
    const groupRow = chatRows(b).first().filter({ hasText: renamed });
    await groupRow.filter({ hasText: afterLeaving }).getByLabel("1 unread message").waitFor();
    await chatBadge(b, 1).waitFor();
    // Ana's message is delivered and read by Bruno alone once he opens it.
    await groupRow.getByRole("link").click();
    await bubble(b, afterLeaving).waitFor();
    await bubble(a, afterLeaving).getByRole("img", { name: "Read" }).waitFor();

    // The tickets' composer: Bruno answers Ana's message quoting it, with an emoji from the picker
    // put in at the caret, then records a voice note; both reach Ana, the quote naming her message.
    await bubble(b, afterLeaving).hover();
    await bubble(b, afterLeaving).getByRole("button", { name: "Message options" }).click();
    await b.getByRole("menuitem", { name: "Reply" }).click();
    await b.getByRole("group", { name: "Replying to" }).getByText(afterLeaving).waitFor();
    await composer(b).fill("On it  now");
    await composer(b).evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(6, 6));
    await b.getByRole("button", { name: "Emoji" }).click();
    const picker = b.getByRole("dialog", { name: "Emoji" });
    await picker.getByRole("tab", { name: "Gestures and people" }).click();
    await picker.getByRole("button", { name: "👍" }).click();
    await b.keyboard.press("Escape");
    await picker.waitFor({ state: "hidden" });
    expect(await composer(b).inputValue()).toBe("On it 👍 now");
    await composer(b).press("Enter");
    const reply = bubble(a, "On it 👍 now");
    // On Ana's side the quote is her own message: "You", and its text.
    await reply.getByRole("button", { name: "Go to the quoted message from You" }).getByText(afterLeaving).waitFor();
    await b.getByRole("group", { name: "Replying to" }).waitFor({ state: "hidden" });
    await b.getByRole("button", { name: "Record audio" }).click();
    await b.getByLabel("Recording time").filter({ hasText: "00:02" }).waitFor();
    await b.getByRole("button", { name: "Send audio" }).click();
    await messages(a).locator("audio").waitFor({ state: "attached" });
    await screenshot(a, "chat-group-reply-emoji-audio-1280");

    expect(await chatLink(c).getAttribute("aria-description")).toBeNull();
    expect(await chatRows(c).count()).toBe(0);
    expect(chatEvents(leaver.packets.slice(leftAt)).filter((packet) => packet.includes(afterLeaving))).toEqual([]);

    await owner.context.close();
    await member.context.close();
    await leaver.context.close();
  });

  it("carries nothing to a colleague in none of the chats", async () => {
    const d = outsider.page;
    // Dora's live connection was up all along (her tickets list kept working) and heard no chat event.
    expect(chatEvents(outsider.packets)).toEqual([]);
    expect(await chatLink(d).getAttribute("aria-description")).toBeNull();
    expect(await d.title()).toBe(outsiderTitle);
    await openChats(d);
    await d.getByText("No chats yet. Start one with the button above.").waitFor();
    expect(await chatRows(d).count()).toBe(0);
    // Nor does searching find them.
    await d.getByRole("searchbox", { name: "Search chats" }).fill(suffix);
    await d.getByText("Nothing matches this search.").waitFor();
  });
});
