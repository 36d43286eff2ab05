import { WAMessageStatus, WAMessageStubType, WAProto, type WAMessage } from "baileys";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { openTestDatabase } from "../../test/test-database.js";
import { driverHarness, pair, waMessage, type FakeSocket, type Harness } from "../../test/fake-baileys.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const CUSTOMER = "5511988887777@s.whatsapp.net";
const { REVOKE, MESSAGE_EDIT } = WAProto.Message.ProtocolMessage.Type;

let h: Harness;
let sock: FakeSocket;
/** A connected driver before each test. */
async function connected(deps: Parameters<typeof driverHarness>[1] = {}): Promise<void> {
  h = await driverHarness(database.db, deps);
  await h.driver.start();
  pair(await h.socket(1));
  sock = await h.socket(2);
  sock.open();
  await h.events.session("CONNECTED");
}
afterEach(() => h.driver.stop());
const notify = (...messages: WAMessage[]) => sock.emit("messages.upsert", { type: "notify", messages });

describe("WhatsApp driver: inbound", () => {
  beforeEach(() => connected());

  it("delivers text with the customer's number, push name and (cached) profile picture", async () => {
    notify(waMessage("T1", { conversation: "hello" }), waMessage("T2", { extendedTextMessage: { text: "again" } }));
    const first = await h.events.message("T1");
    expect(first).toEqual({
      externalId: "T1",
      chat: { number: "5511988887777", isGroup: false, name: "Maria", profilePicUrl: "https://pps.whatsapp.net/5511988887777.jpg" },
      fromMe: false,
      body: "hello",
      mediaType: "chat",
      timestamp: new Date(1_700_000_000_000),
    });
    expect((await h.events.message("T2")).body).toBe("again");
    expect(sock.pictureCalls).toBe(1);
  });

  it("downloads media through the injected downloader: image, voice note, video, document, sticker", async () => {
    notify(
      waMessage("IMG", { imageMessage: { caption: "photo", mimetype: "image/jpeg" } }),
      waMessage("PTT", { audioMessage: { ptt: true, mimetype: "audio/ogg; codecs=opus" } }),
      waMessage("VID", { videoMessage: { mimetype: "video/mp4" } }),
      waMessage("DOC", { documentWithCaptionMessage: { message: { documentMessage: { fileName: "a.pdf", mimetype: "application/pdf", caption: "see" } } } }),
      waMessage("STK", { stickerMessage: { mimetype: "image/webp" } }),
    );
    const image = await h.events.message("IMG");
    expect(image).toMatchObject({ mediaType: "image", body: "photo", media: { mimeType: "image/jpeg" } });
    expect(image.media!.data?.toString()).toBe("bytes of IMG");
    expect(await h.events.message("PTT")).toMatchObject({ mediaType: "audio", media: { mimeType: "audio/ogg; codecs=opus" } });
    expect(await h.events.message("VID")).toMatchObject({ mediaType: "video" });
    expect(await h.events.message("DOC")).toMatchObject({ mediaType: "document", body: "see", media: { fileName: "a.pdf", mimeType: "application/pdf" } });
    expect(await h.events.message("STK")).toMatchObject({ mediaType: "sticker", body: "" });
  });

  it("delivers location, vcard and quoted replies; ignores status broadcasts", async () => {
    notify(
      waMessage("STATUS", { conversation: "my story" }, { remoteJid: "status@broadcast", participant: CUSTOMER }),
      waMessage("LOC", { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: "Office", address: "Av. Paulista" } }),
      waMessage("VC", { contactMessage: { displayName: "Ana", vcard: "BEGIN:VCARD\nFN:Ana\nEND:VCARD" } }),
      waMessage("Q", { extendedTextMessage: { text: "this one", contextInfo: { stanzaId: "OUT9", participant: "5511999990000@s.whatsapp.net" } } }),
    );
    expect((await h.events.message("LOC")).body).toBe("|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|Office|Av. Paulista");
    expect(await h.events.message("VC")).toMatchObject({ mediaType: "vcard", body: "BEGIN:VCARD\nFN:Ana\nEND:VCARD" });
    expect(await h.events.message("Q")).toMatchObject({ quotedExternalId: "OUT9" });
    expect(h.events.messages.map((m) => m.externalId)).toEqual(["LOC", "VC", "Q"]);
  });

  it("delivers group messages with the participant as sender and fromMe messages sent from the phone", async () => {
    notify(
      waMessage("G1", { conversation: "hi group" }, { remoteJid: "120363025246125486@g.us", participant: "5511955554444@s.whatsapp.net" }),
      waMessage("ME1", { conversation: "typed on the phone" }, { fromMe: true }, { pushName: "Shop" }),
    );
    expect(await h.events.message("G1")).toMatchObject({
      chat: { number: "120363025246125486", isGroup: true, name: "Support group" },
      sender: { number: "5511955554444", name: "Maria" },
    });
    const own = await h.events.message("ME1");
    expect(own).toMatchObject({ fromMe: true, chat: { number: "5511988887777", isGroup: false } });
    expect(own.chat.name).toBeUndefined();
  });

  it("reports edits and revokes once, whether seen as protocol message or as processed update", async () => {
    const edit = { protocolMessage: { type: MESSAGE_EDIT, key: { remoteJid: CUSTOMER, id: "T1" }, editedMessage: { conversation: "fixed" } } };
    notify(waMessage("P1", edit));
    // Baileys then emits the processed form of the same edit.
    sock.emit("messages.update", [{ key: { remoteJid: CUSTOMER, id: "T1" }, update: { message: { editedMessage: { message: { conversation: "fixed" } } } } }]);
    notify(waMessage("P2", { protocolMessage: { type: REVOKE, key: { remoteJid: CUSTOMER, id: "T2" } } }));
    sock.emit("messages.update", [{ key: { remoteJid: CUSTOMER, id: "T2" }, update: { message: null, messageStubType: WAMessageStubType.REVOKE } }]);
    notify(waMessage("AFTER", { conversation: "sentinel" }));
    await h.events.message("AFTER");
    expect(h.events.edits).toEqual([["T1", "fixed"]]);
    expect(h.events.deletes).toEqual(["T2"]);
    expect(h.events.messages.map((m) => m.externalId)).toEqual(["AFTER"]);
  });

  it("maps acks of own messages", async () => {
    const key = { remoteJid: CUSTOMER, fromMe: true, id: "OUT1" };
    sock.emit("messages.update", [
      { key, update: { status: WAMessageStatus.SERVER_ACK } },
      { key, update: { status: WAMessageStatus.DELIVERY_ACK } },
      { key, update: { status: WAMessageStatus.READ } },
      { key, update: { status: WAMessageStatus.PLAYED } },
      { key: { ...key, fromMe: false, id: "IN1" }, update: { status: WAMessageStatus.READ } },
    ]);
    await h.changes.until(() => h.events.acks.length === 4, "four acks");
    expect(h.events.acks).toEqual([["OUT1", 1], ["OUT1", 3], ["OUT1", 4], ["OUT1", 5]]);
  });

  it("makes a LID and a phone JID one number once Baileys reveals the pairing", async () => {
    notify(waMessage("L0", { conversation: "who am I" }, { remoteJid: "222333444555666@lid" }));
    expect((await h.events.message("L0")).chat.number).toBe("222333444555666"); // unknown yet
    sock.emit("contacts.upsert", [{ id: CUSTOMER, lid: "987654321012345@lid" }]);
    sock.emit("chats.phoneNumberShare", { lid: "222333444555666@lid", jid: "5511977776666@s.whatsapp.net" });
    notify(
      waMessage("L1", { conversation: "via lid" }, { remoteJid: "987654321012345@lid" }),
      waMessage("L2", { conversation: "via phone" }),
      waMessage("L3", { conversation: "shared" }, { remoteJid: "222333444555666@lid" }),
      waMessage("L4", { conversation: "group" }, { remoteJid: "120363025246125486@g.us", participant: "987654321012345@lid" }),
    );
    expect((await h.events.message("L1")).chat.number).toBe("5511988887777");
    expect((await h.events.message("L2")).chat.number).toBe("5511988887777");
    expect((await h.events.message("L3")).chat.number).toBe("5511977776666");
    expect((await h.events.message("L4")).sender?.number).toBe("5511988887777");
  });

  // The driver's own safety net: a report that rejects is logged and the next message still goes.
  // The real reports never reject: they retry a failing pipeline and keep what still fails in
  // inbound_failures for replay (whatsapp-pipeline.test.ts: transient failure → stored after retry).
  it("keeps going when the report of one message rejects, a picture lookup fails or media cannot be downloaded", async () => {
    h.events.failOn.add("BAD");
    sock.pictureError = new Error("not-authorized");
    notify(
      waMessage("BAD", { conversation: "breaks" }),
      waMessage("NOPIC", { conversation: "fine" }, { remoteJid: "5511911112222@s.whatsapp.net" }),
    );
    expect((await h.events.message("NOPIC")).chat.profilePicUrl).toBeUndefined();
    expect(h.events.messages.map((m) => m.externalId)).toEqual(["NOPIC"]);
  });
});

describe("WhatsApp driver: media that cannot be fetched", () => {
  it("still delivers the message, without bytes", async () => {
    await connected({ downloadMedia: () => Promise.reject(new Error("410 gone")) });
    notify(waMessage("OLD", { imageMessage: { caption: "expired" } }));
    const message = await h.events.message("OLD");
    expect(message).toMatchObject({ mediaType: "image", body: "expired" });
    expect(message.media).toBeUndefined();
  });
});

describe("WhatsApp driver: outbound", () => {
  beforeEach(() => connected());
  const to = { number: "5511988887777", isGroup: false };

  it("sends text, quoted text and media by MIME type, returning the message id", async () => {
    expect(await h.driver.send({ messageId: 1, to, body: "hello" })).toEqual({ externalId: "OUT1" });
    await h.driver.send({ messageId: 2, to, body: "answer", quotedExternalId: "IN7" });
    const media = (mimeType: string, fileName = "f") => ({ path: `/tmp/${fileName}`, mimeType, fileName });
    await h.driver.send({ messageId: 3, to, body: "pic", media: media("image/png") });
    await h.driver.send({ messageId: 4, to, body: "", media: media("audio/ogg; codecs=opus") });
    await h.driver.send({ messageId: 5, to, body: "", media: media("audio/mpeg") });
    await h.driver.send({ messageId: 6, to, body: "", media: media("video/mp4") });
    await h.driver.send({ messageId: 7, to: { number: "120363025246125486", isGroup: true }, body: "report", media: media("application/pdf", "r.pdf") });
    expect(sock.sent.map((s) => s.jid)).toEqual([...Array(6).fill(CUSTOMER), "120363025246125486@g.us"]);
    expect(sock.sent[0]!.content).toEqual({ text: "hello" });
    expect(sock.sent[1]!.options?.quoted?.key).toEqual({ remoteJid: CUSTOMER, id: "IN7", fromMe: false });
    expect(sock.sent[2]!.content).toEqual({ image: { url: "/tmp/f" }, mimetype: "image/png", caption: "pic" });
    expect(sock.sent[3]!.content).toEqual({ audio: { url: "/tmp/f" }, mimetype: "audio/ogg; codecs=opus", ptt: true });
    expect(sock.sent[4]!.content).toMatchObject({ ptt: false });
    expect(sock.sent[5]!.content).toEqual({ video: { url: "/tmp/f" }, mimetype: "video/mp4" });
    expect(sock.sent[6]!.content).toEqual({ document: { url: "/tmp/r.pdf" }, mimetype: "application/pdf", fileName: "r.pdf", caption: "report" });
  });

  it("does not take the echo of its own send for an inbound message", async () => {
    const { externalId } = await h.driver.send({ messageId: 1, to, body: "mine" });
    notify(waMessage(externalId, { conversation: "mine" }, { fromMe: true }), waMessage("NEXT", { conversation: "reply" }));
    await h.events.message("NEXT");
    expect(h.events.messages.map((m) => m.externalId)).toEqual(["NEXT"]);
  });

  it("deletes, checks numbers, and maps failures to catalogued errors", async () => {
    await h.driver.deleteMessage(to, "OUT5", true);
    expect(sock.sent[0]!.content).toEqual({ delete: { remoteJid: CUSTOMER, fromMe: true, id: "OUT5" } });
    expect(await h.driver.checkNumber("+55 11 98888-7777")).toBe(true);
    expect(await h.driver.checkNumber("0001")).toBe(false);
    sock.sendError = new Error("socket hang up");
    await expect(h.driver.send({ messageId: 1, to, body: "x" })).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG", status: 502 });
    await expect(h.driver.deleteMessage(to, "OUT5", true)).rejects.toMatchObject({ code: "ERR_DELETE_WAPP_MSG" });
    sock.drop(428);
    await h.events.session("OPENING", 2);
    await expect(h.driver.send({ messageId: 1, to, body: "x" })).rejects.toMatchObject({ code: "WPP_NOT_CONNECTED" });
    await expect(h.driver.checkNumber("5511988887777")).rejects.toMatchObject({ code: "WPP_NOT_CONNECTED" });
  });
});
