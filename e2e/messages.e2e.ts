import { Mp3Encoder } from "@breezystack/lamejs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../packages/server/src/test/webhook-receiver.js";
import { adminToken, api, createQueue, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";

/**
 * The conversation of a ticket (issue 5): every kind of message rendered, the composer's quick
 * answers, signature, replies, attachments, size checks, deletion, and an audio recording with
 * Chromium's fake microphone. A customer writes through an API connection whose webhook is a real
 * receiver, so what the attendant sends is checked where the customer's system gets it.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const attendant = { name: `Iris ${suffix}`, email: `iris-${suffix}@e2e.atendo.test`, extension: "321" };
const customer = { name: `Bruno ${suffix}`, number: `55219${Date.now().toString().slice(-8)}` };
const greeting = `Welcome to Parcels ${suffix}! An attendant will be with you shortly.`;
const quickAnswer = { shortcut: `ship${suffix.slice(-6)}`, message: "Your order ships *today* from our warehouse." };

let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let connection: { id: number; apiToken: string };
let attendantToken: string;
let attendantId: number;
let ticketId: number;
let messageSeq = 0;

/** A customer's message through the API channel (docs/api-channel.md). */
async function customerSends(fields: Record<string, unknown>): Promise<{ messageId: number; ticketId: number; externalId: string }> {
  const externalId = `msg-${suffix}-${++messageSeq}`;
  const answer = await api<{ messageId: number; ticketId: number }>(`/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}` },
    body: JSON.stringify({ externalId, from: customer, ...fields }),
  });
  return { ...answer, externalId };
}

/** One second of a 440 Hz tone as MP3, as a customer's voice note. */
function toneMp3(): Buffer {
  const rate = 44_100;
  const encoder = new Mp3Encoder(1, rate, 128);
  const samples = Int16Array.from({ length: rate }, (_, index) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / rate)));
  return Buffer.concat([Buffer.from(encoder.encodeBuffer(samples)), Buffer.from(encoder.flush())]);
}

/** A PNG and a short WebM video drawn by the browser (real files, so the server's sniffing accepts them). */
async function drawMedia(page: Page): Promise<{ png: string; webm: string }> {
  return page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    const paint = (hue: number) => {
      context.fillStyle = `hsl(${hue} 70% 55%)`;
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = "#fff";
      context.font = "bold 40px sans-serif";
      context.fillText("Parcel", 90, 135);
    };
    paint(170);
    const png = canvas.toDataURL("image/png").split(",")[1] ?? "";
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    // Frames are drawn on animation frames; twenty of them make a short clip.
    for (let frame = 0; frame < 20; frame++) {
      paint(170 + frame * 5);
      await new Promise(requestAnimationFrame);
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { png, webm: btoa(binary) };
  });
}

const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/**
 * Kinds the API channel cannot produce (they come from WhatsApp: location, contact cards,
 * stickers) and the edited/forwarded marks are added to the first page the browser reads, built on
 * a real message of the ticket so their media address is a real one.
 */
async function addWhatsAppOnlyKinds(page: Page, imageUrl: string, png: string): Promise<void> {
  await page.route(`**/api/messages/${ticketId}?pageNumber=1`, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { messages: Record<string, unknown>[] };
    const base = { ...json.messages[0], fromMe: false, quotedMsg: null, mediaUrl: null, mimeType: null, fileName: null, isForwarded: false, isEdited: false };
    const kinds = [
      { mediaType: "location", body: `data:image/png;base64,${png}|https://maps.example.com/?q=-23.56,-46.65|Parcels HQ|Av. Paulista 1000, São Paulo` },
      { mediaType: "vcard", body: "BEGIN:VCARD\nVERSION:3.0\nFN:Carla Mendes\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD" },
      { mediaType: "vcard", body: "BEGIN:VCARD\nVERSION:3.0\nEND:VCARD" },
      { mediaType: "sticker", body: "", mediaUrl: imageUrl, mimeType: "image/png", fileName: "sticker.png" },
      { mediaType: "chat", body: "I changed this text", isEdited: true },
      { mediaType: "chat", body: "Forwarded from my wife", isForwarded: true },
    ];
    json.messages.unshift(...kinds.map((kind, index) => ({ ...base, ...kind, id: -100 + index })));
    await route.fulfill({ response, json });
  });
}

const conversation = (page: Page) => page.getByRole("region", { name: "Messages" });
const bubble = (page: Page, text: string | RegExp) => conversation(page).getByRole("listitem").filter({ hasText: text });
/** The message input: a textbox, or a combobox while "/" suggestions are open. */
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" }).or(page.getByRole("combobox", { name: "Message" }));

async function openTicket(page: Page): Promise<void> {
  await page.goto(`/tickets/${ticketId}`);
  await conversation(page).waitFor();
}

beforeAll(async () => {
  // A fake microphone (a steady beep) that is granted without asking.
  browser = await launchBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]);
  receiver = await startReceiver();
  const admin = await adminToken();
  const queue = await createQueue(admin, { name: `Parcels ${suffix}`, greetingMessage: greeting });
  const user = await api<{ id: number }>("/users", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [queue.id] }),
  });
  attendantId = user.id;
  connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Parcels chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url }),
  });
  await api("/quickAnswers", { method: "POST", token: admin, body: JSON.stringify(quickAnswer) });
  ({ token: attendantToken } = await api<{ token: string }>("/auth/login", {
    method: "POST",
    body: JSON.stringify({ email: attendant.email, password }),
  }));
});

afterAll(async () => {
  await browser.close();
  await receiver.close();
});

describe("messages", () => {
  it("renders every kind of message of a conversation", async () => {
    const { context, page } = await newPage(browser, { height: 2600 });
    await loginAs(page, attendant.email, password);
    const media = await drawMedia(page);

    const first = await customerSends({ body: "Hello! My order *AB-12* is _late_, see https://shop.example.com/orders/ab_12 please" });
    ticketId = first.ticketId;
    await customerSends({ body: "The box:", media: { data: media.png, mimeType: "image/png", fileName: "box.png" } });
    await customerSends({ media: { data: media.webm, mimeType: "video/webm", fileName: "unboxing.webm" } });
    await customerSends({ media: { data: toneMp3().toString("base64"), mimeType: "audio/mpeg", fileName: "voice.mp3" } });
    await customerSends({ media: { data: pdf.toString("base64"), mimeType: "application/pdf", fileName: "invoice.pdf" } });
    await customerSends({ body: "Any news?", quotedExternalId: first.externalId });
    const { messages } = await api<{ messages: { mediaType: string; mediaUrl: string | null }[] }>(`/messages/${ticketId}`, { token: attendantToken });
    const imageUrl = messages.find((message) => message.mediaType === "image")?.mediaUrl ?? "";
    await addWhatsAppOnlyKinds(page, imageUrl, media.png);

    await openTicket(page);
    // Text: WhatsApp formatting as elements, the address as a link, never as markup.
    // The first of the bubbles with this text: the reply below quotes it.
    const text = bubble(page, "Hello! My order").first();
    expect(await text.locator("strong").textContent()).toBe("AB-12");
    expect(await text.locator("em").textContent()).toBe("late");
    expect(await text.getByRole("link", { name: "https://shop.example.com/orders/ab_12" }).getAttribute("href")).toBe("https://shop.example.com/orders/ab_12");
    // The queue's greeting, sent by Atendo itself.
    await bubble(page, greeting).getByText("Automatic message").waitFor();
    // A day separator dd/MM/yyyy.
    const now = new Date();
    const day = `${String(now.getDate()).padStart(2, "0")}/${String(now.getMonth() + 1).padStart(2, "0")}/${now.getFullYear()}`;
    await conversation(page).getByText(day, { exact: true }).first().waitFor();

    // Photo: a preview fetched with the token (a blob: address), opening the full image.
    const photo = bubble(page, "The box:").getByRole("img", { name: "box.png" });
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="box.png"]')?.complete === true);
    expect(await photo.getAttribute("src")).toMatch(/^blob:/);
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    await bubble(page, "The box:").getByRole("button", { name: "Open image" }).click();
    await page.getByRole("dialog").getByRole("img", { name: "box.png" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // Video and audio players, with their files loaded as blobs.
    const video = conversation(page).locator('video[aria-label="unboxing.webm"]');
    const audio = conversation(page).locator('audio[aria-label="voice.mp3"]');
    for (const player of [video, audio]) {
      await player.waitFor();
      expect(await player.getAttribute("src")).toMatch(/^blob:/);
    }
    await page.waitForFunction(() => (document.querySelector<HTMLAudioElement>('audio[aria-label="voice.mp3"]')?.duration ?? 0) > 0.9);

    // A document downloads under its name.
    const downloading = page.waitForEvent("download");
    await conversation(page).getByRole("button", { name: "Download invoice.pdf" }).click();
    expect((await downloading).suggestedFilename()).toBe("invoice.pdf");

    // A reply shows what it quotes; clicking the quote goes to it.
    const reply = bubble(page, "Any news?");
    await reply.getByRole("button", { name: `Go to the quoted message from ${customer.name}` }).click();

    // Location, contact cards, sticker, edited and forwarded marks.
    const location = bubble(page, "Parcels HQ");
    await location.getByText("Av. Paulista 1000, São Paulo").waitFor();
    expect(await location.getByRole("link", { name: "Open map" }).getAttribute("href")).toBe("https://maps.example.com/?q=-23.56,-46.65");
    const card = bubble(page, "Carla Mendes");
    await card.getByText("5511912345678").waitFor();
    expect(await card.getByRole("button", { name: "Chat" }).isEnabled()).toBe(true);
    expect(await bubble(page, "No contact info").getByRole("button", { name: "Chat" }).isDisabled()).toBe(true);
    await conversation(page).getByRole("img", { name: "sticker.png" }).waitFor();
    await bubble(page, "I changed this text").getByText("Edited").waitFor();
    await bubble(page, "Forwarded from my wife").getByText("Forwarded", { exact: true }).waitFor();
    await context.close();
  });

  it("is read-only until accepted, then replies with a signed quick answer, a quote, files, and deletes", async () => {
    // Tall enough for the whole conversation to be rendered by the virtualised list.
    const { context, page } = await newPage(browser, { height: 2400 });
    const live = liveConnection(page);
    await loginAs(page, attendant.email, password);
    await live;
    await openTicket(page);
    // Waiting in the queue: nobody writes before accepting it.
    await page.getByText("Accept the ticket to reply.").first().waitFor();
    expect(await composer(page).isDisabled()).toBe(true);

    await api(`/tickets/${ticketId}`, { method: "PUT", token: attendantToken, body: JSON.stringify({ status: "open", userId: attendantId, action: "assigned" }) });
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.disabled === false);

    // "/" + part of the shortcut suggests the quick answer; Enter picks it, Enter sends it.
    await composer(page).fill(`/${quickAnswer.shortcut.slice(0, 5)}`);
    await page.getByRole("option", { name: new RegExp(`/${quickAnswer.shortcut}`) }).waitFor();
    await composer(page).press("Enter");
    expect(await composer(page).inputValue()).toBe(quickAnswer.message);
    await composer(page).press("Enter");
    // An API connection: the signature in plain text, without the extension (issue 28, decision 0070).
    const signed = `${attendant.name}\n${quickAnswer.message}`;
    const sent = bubble(page, "from our warehouse.");
    await sent.getByText(attendant.name).waitFor();
    expect(await sent.locator("strong").allTextContents()).toEqual(["today"]);
    await expect.poll(() => receiver.received.some(({ payload }) => payload.event === "message" && payload.body === signed)).toBe(true);
    expect(await composer(page).inputValue()).toBe("");

    // Blank text is not sent; Shift+Enter makes a new line.
    const before = receiver.received.length;
    await composer(page).fill("   ");
    await composer(page).press("Enter");
    expect(await composer(page).inputValue()).toBe("   ");

    // Reply to the customer's first message, without the signature this time.
    await page.getByRole("button", { name: "Signature" }).click();
    expect(await page.getByRole("button", { name: "Signature" }).getAttribute("aria-pressed")).toBe("false");
    const question = bubble(page, "Hello! My order").first();
    await question.hover();
    await question.getByRole("button", { name: "Message options" }).click();
    await page.getByRole("menuitem", { name: "Reply" }).click();
    await page.getByRole("group", { name: "Replying to" }).getByText("Hello! My order AB-12 is late").waitFor();
    await composer(page).fill("Checking it now");
    await composer(page).press("Shift+Enter");
    await composer(page).pressSequentially("one moment");
    await composer(page).press("Enter");
    await bubble(page, "one moment").getByRole("button", { name: `Go to the quoted message from ${customer.name}` }).waitFor();
    await expect.poll(() => receiver.received.find(({ payload }) => payload.event === "message" && payload.body === "Checking it now\none moment")?.payload).toMatchObject({
      quotedExternalId: `msg-${suffix}-1`,
    });
    expect(receiver.received.slice(before).some(({ payload }) => payload.event === "message" && payload.body?.trim() === "")).toBe(false);
    await page.getByRole("button", { name: "Signature" }).click();

    // Files: two too large (15 MB check for photos) are left out and counted; one goes with a caption.
    const big = Buffer.alloc(15 * 1024 * 1024 + 1);
    const png = Buffer.from((await drawMedia(page)).png, "base64");
    await page.getByTestId("message-file-input").setInputFiles([
      { name: "huge-1.png", mimeType: "image/png", buffer: big },
      { name: "label.png", mimeType: "image/png", buffer: png },
      { name: "huge-2.png", mimeType: "image/png", buffer: big },
    ]);
    await page.getByText("2 files are too large and were not attached", { exact: false }).waitFor();
    const tray = page.getByRole("list", { name: "Attachments" });
    expect(await tray.getByRole("listitem").allTextContents()).toEqual([expect.stringContaining("label.png")]);
    await page.getByTestId("message-file-input").setInputFiles([{ name: "huge-3.png", mimeType: "image/png", buffer: big }]);
    await page.getByText("1 file is too large and was not attached", { exact: false }).waitFor();
    await composer(page).fill("Your shipping label");
    await composer(page).press("Enter");
    await bubble(page, "Your shipping label").getByRole("img", { name: "label.png" }).waitFor();
    await expect.poll(() => receiver.received.find(({ payload }) => payload.event === "message" && payload.media?.fileName === "label.png")?.payload).toMatchObject({
      mediaType: "image",
      media: { mimeType: "image/png" },
    });
    expect(await tray.count()).toBe(0);

    // Deleting an own message asks first, then shows it deleted (and tells the customer's system).
    const own = bubble(page, "Your shipping label");
    await own.hover();
    await own.getByRole("button", { name: "Message options" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete message?" }).getByRole("button", { name: "Delete" }).click();
    await conversation(page).getByRole("listitem").filter({ hasText: "This message was deleted" }).last().waitFor();
    await expect.poll(() => receiver.received.some(({ payload }) => payload.event === "delete")).toBe(true);
    // A customer's message has no Delete.
    await question.hover();
    await question.getByRole("button", { name: "Message options" }).click();
    await page.getByRole("menuitem", { name: "Forward" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Delete" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await context.close();
  });

  it("records audio with the microphone and sends it as MP3", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, attendant.email, password);
    await openTicket(page);
    await page.getByRole("button", { name: "Record audio" }).click();
    await page.getByText("Recording", { exact: true }).waitFor();
    // Two seconds of the fake microphone's tone, well above the 10,000-byte minimum.
    await page.getByLabel("Recording time").filter({ hasText: "00:02" }).waitFor();
    await page.getByRole("button", { name: "Send audio" }).click();
    const sentAudio = () => receiver.received.find(({ payload }) => payload.event === "message" && payload.mediaType === "audio")?.payload;
    await expect.poll(sentAudio, { timeout: 20_000 }).toMatchObject({ media: { mimeType: "audio/mpeg", fileName: expect.stringMatching(/^\d{13}\.mp3$/) } });
    const audio = sentAudio();
    const fileName = audio?.event === "message" ? audio.media?.fileName : undefined;
    // The sent recording is shown at the bottom of the conversation, scrolled into view.
    await page.waitForFunction((name) => {
      const player = document.querySelector(`audio[aria-label="${name}"]`);
      const region = document.querySelector('[role="region"][aria-label="Messages"]');
      if (!player || !region) return false;
      const box = player.getBoundingClientRect();
      const view = region.getBoundingClientRect();
      return box.top >= view.top && box.bottom <= view.bottom;
    }, fileName);
    await page.getByRole("button", { name: "Record audio" }).waitFor();
    await context.close();
  });
});

describe("the composer's limits and uploads (issue 16)", () => {
  it("counts near the limit, refuses an over-long text precisely, and cancels a slow upload leaving no message", async () => {
    const { context, page } = await newPage(browser);
    const live = liveConnection(page);
    await loginAs(page, attendant.email, password);
    await live;
    const other = { name: `Bea ${suffix}`, number: `55218${Date.now().toString().slice(-8)}` };
    const { ticketId: mine } = await customerSends({ from: other, body: "I need to send you the invoice" });
    await api(`/tickets/${mine}`, { method: "PUT", token: attendantToken, body: JSON.stringify({ status: "open", userId: attendantId, action: "assigned" }) });
    await page.goto(`/tickets/${mine}`);
    await bubble(page, "I need to send you the invoice").waitFor();

    // The signature counts too: "*Iris …* (321)\n" goes first.
    const signature = `*${attendant.name}* (${attendant.extension})\n`.length;
    const limit = 65_536;
    await composer(page).fill("a".repeat(60_000));
    await page.getByRole("status").filter({ hasText: `${(60_000 + signature).toLocaleString("en-US")} / 65,536 characters` }).waitFor();
    await composer(page).fill("a".repeat(limit - signature + 24));
    const tooLong = page.getByText("65,560 / 65,536 characters — 24 too many: shorten the message to send it");
    await tooLong.waitFor();
    await screenshot(page, "d2-message-too-long");
    expect(await page.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(true);
    await composer(page).press("Enter");
    // Still there to shorten, and no error toast: nothing was sent.
    expect(await composer(page).inputValue()).toHaveLength(limit - signature + 24);
    expect(await page.getByText("Incomplete or invalid information.").count()).toBe(0);
    await composer(page).fill("");
    await tooLong.waitFor({ state: "detached" });

    // A 6 MB document over a connection sending 256 KB/s: the bar shows its bytes, Cancel stops it.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    const fileName = `invoice-${suffix}.pdf`;
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(6 * 1024 * 1024, 32), Buffer.from("\n%%EOF\n")]);
    await page.getByTestId("message-file-input").setInputFiles([{ name: fileName, mimeType: "application/pdf", buffer: big }]);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const progress = page.getByRole("progressbar", { name: "Upload progress" });
    await progress.waitFor();
    await page.getByRole("status").filter({ hasText: /Sending files: .+ of 6\.0 MB \([1-9]\d?%\)/ }).waitFor();
    await screenshot(page, "d2-upload-progress");
    await page.getByRole("button", { name: "Cancel upload" }).click();
    await page.getByText("Upload cancelled: the files were not sent.").waitFor();
    await progress.waitFor({ state: "detached" });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The file is still attached for another try; the server kept nothing: the next message is the last one.
    await page.getByRole("region", { name: "Message", exact: true }).getByText(fileName).waitFor();
    await page.getByRole("button", { name: `Remove ${fileName}` }).click();
    await composer(page).fill("Sending it by e-mail instead");
    await composer(page).press("Enter");
    await bubble(page, "Sending it by e-mail instead").waitFor();
    const stored = await api<{ messages: { body: string; fileName: string | null }[] }>(`/messages/${mine}?pageNumber=1`, { token: attendantToken });
    expect(stored.messages.map((message) => message.fileName)).not.toContain(fileName);
    expect(await bubble(page, fileName).count()).toBe(0);
    await context.close();
  });

  it("shows, live in the open conversation, a message an integration sent with the install's API token", async () => {
    const { context, page } = await newPage(browser);
    const live = liveConnection(page);
    await loginAs(page, attendant.email, password);
    await live;
    await openTicket(page);
    const settings = await api<{ key: string; value: string }[]>("/settings", { token: await adminToken() });
    const installToken = settings.find((setting) => setting.key === "userApiToken")?.value ?? "";
    const text = `Your parcel ${suffix} left the warehouse`;
    await api("/messages/send", {
      method: "POST",
      headers: { authorization: `Bearer ${installToken}` },
      body: JSON.stringify({ number: customer.number, body: text, whatsappId: connection.id }),
    });
    await bubble(page, text).getByText("Sent through the API").waitFor();
    // No signature: no attendant wrote it. The customer's system receives it through the webhook.
    expect(await bubble(page, text).textContent()).not.toContain(attendant.name);
    await expect.poll(() => receiver.received.some(({ payload }) => payload.event === "message" && payload.body === text)).toBe(true);
    await context.close();
  });
});
