import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, launchBrowser, screenshot, signedIn } from "./support/browser.js";

/**
 * The ticket list's last message when it is a media (issue 28): a voice note showed as its file
 * name ("1795780011272.mp3"); it says what it is, in the reader's language, like messaging apps.
 */
const suffix = Date.now().toString(36);
let browser: Browser;
let connection: { id: number; apiToken: string };
let sequence = 0;

/** An MP3's start (ID3 tag, then a frame header): enough for the server's content sniffing. */
const mp3 = Buffer.concat([Buffer.from("ID3"), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);

/** A customer's message through the API channel, to the admin. */
async function customerSends(name: string, fields: Record<string, unknown>): Promise<void> {
  sequence += 1;
  await api(`/channels/${connection.id}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${connection.apiToken}` },
    body: JSON.stringify({ externalId: `media-${suffix}-${sequence}`, from: { number: `55319${(Date.now() + sequence).toString().slice(-8)}`, name }, ...fields }),
  });
}

const voiceCustomer = `Voice ${suffix}`;
const fileCustomer = `File ${suffix}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const admin = (await api<{ users: { id: number }[] }>(`/users?searchParam=${encodeURIComponent(E2E_ADMIN.email)}`, { token })).users[0];
  connection = await api("/whatsapp", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Media line ${suffix}`, kind: "api", destinationType: "users", destinationItem: admin?.id }),
  });
  await customerSends(voiceCustomer, { body: "", media: { data: mp3.toString("base64"), mimeType: "audio/mpeg", fileName: "1795780011272.mp3" } });
  await customerSends(fileCustomer, { body: "", media: { data: Buffer.from("order 1234\n").toString("base64"), mimeType: "text/plain", fileName: "invoice.txt" } });
});
afterAll(() => browser.close());

describe("the ticket list's last message", () => {
  it.each([
    ["en", "🎤 Audio", "📄 File: invoice.txt"],
    ["pt", "🎤 Áudio", "📄 Arquivo: invoice.txt"],
    ["es", "🎤 Audio", "📄 Archivo: invoice.txt"],
  ])("says what a media is in %s", async (language, voiceLine, fileLine) => {
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    // The language picked on this device (lib/local-storage.ts), as the header's language menu keeps it.
    await page.evaluate((picked) => localStorage.setItem("i18nextLng", picked), language);
    await page.reload();
    const voiceRow = page.getByRole("listitem").filter({ hasText: voiceCustomer });
    const fileRow = page.getByRole("listitem").filter({ hasText: fileCustomer });
    // The admin's own tickets: pending ones, from the connection routed to them.
    await voiceRow.getByText(voiceLine, { exact: true }).waitFor();
    await fileRow.getByText(fileLine, { exact: true }).waitFor();
    expect(await voiceRow.innerText()).not.toContain(".mp3");
    await screenshot(page, `ticket-list-media-${language}`);
    await context.close();
  });
});
