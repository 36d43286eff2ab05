import { parseLastMessage, type Connection, type MessagePage } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngBytes } from "../../test/media-samples.js";

/**
 * A ticket's last message when the newest message is a media (issue 28): a sent voice note showed
 * in the ticket list as "1795780011272.mp3". It now says what it is — the media's kind (named by
 * the web in the reader's language) and its caption or document name — sent or received.
 */
let server: TestServer;
let owner: { id: number; token: string };
let direct: Connection;

/** An MP3's start (ID3 tag, then a frame header): enough for the server's content sniffing. */
const mp3Bytes = Buffer.concat([Buffer.from("ID3"), Buffer.from([3, 0, 0, 0, 0, 0, 0]), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);

beforeAll(async () => {
  server = await createTestServer();
  owner = await server.createUser({ name: "Owner" });
  direct = await createConnection(server, await server.adminToken(), { destinationType: "users", destinationItem: owner.id });
});
afterAll(() => server.close());

async function lastMessageOf(ticketId: number): Promise<string> {
  const page = (await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: owner.token })).json() as MessagePage;
  return page.ticket.lastMessage;
}

describe("a ticket's last message for a media", () => {
  it("names a sent voice note as audio, not by its file name", async () => {
    const { ticketId } = await inbound(server, direct, { body: "Can you hear me?" });
    const sent = await server.request({
      method: "POST",
      url: `/api/messages/${ticketId}`,
      token: owner.token,
      ...multipart([{ name: "medias", file: mp3Bytes, fileName: "1795780011272.mp3", type: "audio/mpeg" }]),
    });
    expect(sent.statusCode).toBe(201);
    const last = await lastMessageOf(ticketId);
    expect(last).not.toContain("1795780011272");
    expect(parseLastMessage(last)).toEqual({ mediaType: "audio", text: "" });
  });

  it("names a sent photo with its caption", async () => {
    const { ticketId } = await inbound(server, direct, { body: "Send me a picture" });
    const sent = await server.request({
      method: "POST",
      url: `/api/messages/${ticketId}`,
      token: owner.token,
      ...multipart([
        { name: "body", value: "Your parcel" },
        { name: "medias", file: pngBytes, fileName: "IMG_2041.png", type: "image/png" },
      ]),
    });
    expect(sent.statusCode).toBe(201);
    expect(parseLastMessage(await lastMessageOf(ticketId))).toEqual({ mediaType: "image", text: "Your parcel" });
  });

  it("names received media: a voice note, a photo with its caption, a document by its name", async () => {
    const media = (data: Buffer, mimeType: string, fileName: string) => ({ data: data.toString("base64"), mimeType, fileName });
    const voice = await inbound(server, direct, { body: "", media: media(mp3Bytes, "audio/mpeg", "PTT-20260101-WA0001.mp3") });
    const voiceLast = await lastMessageOf(voice.ticketId);
    expect(voiceLast).not.toContain("PTT");
    expect(parseLastMessage(voiceLast)).toEqual({ mediaType: "audio", text: "" });

    const photo = await inbound(server, direct, { body: "the broken box", media: media(pngBytes, "image/png", "IMG_1.png") });
    expect(parseLastMessage(await lastMessageOf(photo.ticketId))).toEqual({ mediaType: "image", text: "the broken box" });

    const document = await inbound(server, direct, { body: "", media: media(Buffer.from("order 1234\n"), "text/plain", "invoice.txt") });
    expect(parseLastMessage(await lastMessageOf(document.ticketId))).toEqual({ mediaType: "document", text: "invoice.txt" });
  });

  it("keeps a text as written, even one starting with a media's emoji", async () => {
    const { ticketId } = await inbound(server, direct, { body: "📷 here it is" });
    expect(await lastMessageOf(ticketId)).toBe("📷 here it is");
    expect(parseLastMessage(await lastMessageOf(ticketId))).toBeNull();
  });
});
