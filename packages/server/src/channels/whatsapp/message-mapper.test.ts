import { WAMessageStatus, WAMessageStubType, WAProto, type WAMessage } from "baileys";
import { describe, expect, it } from "vitest";
import { locationBody, mapAck, parseMessageUpdate, parseWAMessage, toInboundMessage, type ParsedMessage } from "./message-mapper.js";

const CUSTOMER = "5511988887777@s.whatsapp.net";
const T = 1_700_000_000;

/** A message as Baileys decodes it from the wire: a real protobuf instance (with its defaults). */
function wire(message: object, key: object = {}, extra: object = {}): WAMessage {
  return WAProto.WebMessageInfo.fromObject({
    key: { remoteJid: CUSTOMER, fromMe: false, id: "ID1", ...key },
    messageTimestamp: T,
    pushName: "Maria",
    message,
    ...extra,
  });
}

function parsed(message: object, key?: object): ParsedMessage {
  const result = parseWAMessage(wire(message, key));
  if (result.kind !== "message") throw new Error(`expected a message, got ${JSON.stringify(result)}`);
  return result;
}

describe("parseWAMessage: content types", () => {
  it("reads plain and extended text with the sender's push name and the timestamp", () => {
    expect(parsed({ conversation: "hello" })).toMatchObject({
      kind: "message",
      externalId: "ID1",
      chatJid: CUSTOMER,
      isGroup: false,
      fromMe: false,
      pushName: "Maria",
      body: "hello",
      mediaType: "chat",
      timestamp: new Date(T * 1000),
    });
    expect(parsed({ extendedTextMessage: { text: "with a link https://x.org" } })).toMatchObject({ body: "with a link https://x.org", mediaType: "chat" });
  });

  it("reads media with caption and MIME type, audio and voice notes as audio", () => {
    expect(parsed({ imageMessage: { caption: "look", mimetype: "image/png" } })).toMatchObject({ body: "look", mediaType: "image", media: { mimeType: "image/png" } });
    expect(parsed({ imageMessage: {} })).toMatchObject({ body: "", mediaType: "image", media: { mimeType: "image/jpeg" } });
    expect(parsed({ audioMessage: { ptt: true, mimetype: "audio/ogg; codecs=opus" } })).toMatchObject({ body: "", mediaType: "audio", media: { mimeType: "audio/ogg; codecs=opus" } });
    expect(parsed({ audioMessage: { ptt: false, mimetype: "audio/mpeg" } })).toMatchObject({ mediaType: "audio", media: { mimeType: "audio/mpeg" } });
    expect(parsed({ videoMessage: { caption: "clip", mimetype: "video/mp4" } })).toMatchObject({ body: "clip", mediaType: "video" });
    expect(parsed({ stickerMessage: { mimetype: "image/webp" } })).toMatchObject({ body: "", mediaType: "sticker", media: { mimeType: "image/webp" } });
  });

  it("reads documents, plain and wrapped with a caption, keeping the file name", () => {
    expect(parsed({ documentMessage: { fileName: "invoice.pdf", mimetype: "application/pdf" } })).toMatchObject({
      body: "invoice.pdf",
      mediaType: "document",
      media: { mimeType: "application/pdf", fileName: "invoice.pdf" },
    });
    const wrapped = { documentWithCaptionMessage: { message: { documentMessage: { fileName: "a.xlsx", caption: "the sheet", mimetype: "application/vnd.ms-excel" } } } };
    expect(parsed(wrapped)).toMatchObject({ body: "the sheet", mediaType: "document", media: { fileName: "a.xlsx" } });
  });

  it("formats a location as image|link|name|address", () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff]);
    const withAll = parsed({ locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: "Office", address: "Av. Paulista, 1000", jpegThumbnail: jpeg } });
    expect(withAll.mediaType).toBe("location");
    expect(withAll.body).toBe(`data:image/jpeg;base64,${jpeg.toString("base64")}|https://maps.google.com/maps?q=-23.5%2C-46.6&z=17|Office|Av. Paulista, 1000`);
    const bare = parsed({ locationMessage: { degreesLatitude: 1, degreesLongitude: 2 } });
    expect(bare.body).toBe("|https://maps.google.com/maps?q=1%2C2&z=17||");
    expect(parsed({ liveLocationMessage: { degreesLatitude: 3, degreesLongitude: 4, caption: "on my way" } }).body).toBe(
      "|https://maps.google.com/maps?q=3%2C4&z=17||on my way",
    );
    // A bar inside a field would shift the columns.
    expect(locationBody({ degreesLatitude: 0, degreesLongitude: 0 }, "A|B", "x\ny").split("|")).toHaveLength(4);
  });

  it("reads contacts as vcard bodies", () => {
    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511911112222:+55 11 91111-2222\nEND:VCARD";
    expect(parsed({ contactMessage: { displayName: "João", vcard } })).toMatchObject({ body: vcard, mediaType: "vcard" });
    const two = parsed({ contactsArrayMessage: { contacts: [{ vcard }, { vcard: vcard.replace("João", "Ana") }] } });
    expect(two.mediaType).toBe("vcard");
    expect(two.body.split("BEGIN:VCARD")).toHaveLength(3);
  });

  it("takes the quoted message id from any content's contextInfo", () => {
    expect(parsed({ extendedTextMessage: { text: "yes", contextInfo: { stanzaId: "QUOTED1", participant: CUSTOMER } } }).quotedExternalId).toBe("QUOTED1");
    expect(parsed({ imageMessage: { caption: "this", contextInfo: { stanzaId: "QUOTED2" } } }).quotedExternalId).toBe("QUOTED2");
    expect(parsed({ conversation: "plain" }).quotedExternalId).toBeUndefined();
  });

  it("unwraps ephemeral and view-once messages", () => {
    expect(parsed({ ephemeralMessage: { message: { extendedTextMessage: { text: "secret" } } } })).toMatchObject({ body: "secret", mediaType: "chat" });
    expect(parsed({ viewOnceMessageV2: { message: { imageMessage: { caption: "once" } } } })).toMatchObject({ body: "once", mediaType: "image" });
  });
});

describe("parseWAMessage: chats, edits, deletes and what is ignored", () => {
  it("marks groups with the participant as sender, and own messages as fromMe", () => {
    const group = parsed({ conversation: "hi all" }, { remoteJid: "120363025246125486@g.us", participant: "5511955554444@s.whatsapp.net" });
    expect(group).toMatchObject({ isGroup: true, chatJid: "120363025246125486@g.us", senderJid: "5511955554444@s.whatsapp.net" });
    expect(parsed({ conversation: "from the phone" }, { fromMe: true })).toMatchObject({ fromMe: true, isGroup: false });
  });

  it("turns revokes and edits (protocol message, editedMessage wrapper) into delete and edit", () => {
    const { REVOKE, MESSAGE_EDIT } = WAProto.Message.ProtocolMessage.Type;
    expect(parseWAMessage(wire({ protocolMessage: { type: REVOKE, key: { remoteJid: CUSTOMER, id: "OLD1" } } }))).toEqual({ kind: "delete", externalId: "OLD1" });
    const edit = { protocolMessage: { type: MESSAGE_EDIT, key: { id: "OLD2" }, editedMessage: { conversation: "fixed typo" } } };
    expect(parseWAMessage(wire(edit))).toEqual({ kind: "edit", externalId: "OLD2", body: "fixed typo" });
    expect(parseWAMessage(wire({ editedMessage: { message: edit } }))).toEqual({ kind: "edit", externalId: "OLD2", body: "fixed typo" });
  });

  it("ignores status broadcasts, other protocol messages, stubs and unsupported content", () => {
    expect(parseWAMessage(wire({ conversation: "my status" }, { remoteJid: "status@broadcast", participant: CUSTOMER })).kind).toBe("ignore");
    const keyShare = { protocolMessage: { type: WAProto.Message.ProtocolMessage.Type.APP_STATE_SYNC_KEY_SHARE, appStateSyncKeyShare: {} } };
    expect(parseWAMessage(wire(keyShare))).toEqual({ kind: "ignore", reason: "protocol" });
    const stub: WAMessage = { key: { remoteJid: "1203@g.us", id: "S1" }, messageStubType: WAMessageStubType.GROUP_PARTICIPANT_ADD };
    expect(parseWAMessage(stub)).toEqual({ kind: "ignore", reason: "stub" });
    expect(parseWAMessage(wire({ reactionMessage: { text: "👍", key: { id: "ID0" } } }))).toEqual({ kind: "ignore", reason: "unsupported" });
  });
});

describe("acks and message updates", () => {
  it("maps Baileys statuses to the spec's acks", () => {
    expect(mapAck(WAMessageStatus.ERROR)).toBeUndefined();
    expect(mapAck(WAMessageStatus.PENDING)).toBe(0);
    expect(mapAck(WAMessageStatus.SERVER_ACK)).toBe(1);
    expect(mapAck(WAMessageStatus.DELIVERY_ACK)).toBe(3);
    expect(mapAck(WAMessageStatus.READ)).toBe(4);
    expect(mapAck(WAMessageStatus.PLAYED)).toBe(5);
  });

  it("reads acks of own messages, processed edits and revokes", () => {
    const key = { remoteJid: CUSTOMER, fromMe: true, id: "OUT1" };
    expect(parseMessageUpdate({ key, update: { status: WAMessageStatus.READ } })).toEqual([{ kind: "ack", externalId: "OUT1", ack: 4 }]);
    expect(parseMessageUpdate({ key: { ...key, fromMe: false }, update: { status: WAMessageStatus.READ } })).toEqual([]);
    // The shapes Baileys' process-message emits after an edit and a revoke.
    const edited = { message: { editedMessage: { message: { conversation: "new text" } } }, messageTimestamp: T };
    expect(parseMessageUpdate({ key: { ...key, fromMe: false, id: "IN1" }, update: edited })).toEqual([{ kind: "edit", externalId: "IN1", body: "new text" }]);
    const revoked = { message: null, messageStubType: WAMessageStubType.REVOKE, key: { ...key, id: "REV" } };
    expect(parseMessageUpdate({ key: { ...key, fromMe: false, id: "IN2" }, update: revoked })).toEqual([{ kind: "delete", externalId: "IN2" }]);
  });
});

describe("toInboundMessage", () => {
  it("names a private chat after the customer's push name, never after our own", () => {
    const incoming = parsed({ conversation: "hi" });
    expect(toInboundMessage(incoming, { chatNumber: "5511988887777", profilePicUrl: "https://p/x.jpg" })).toEqual({
      externalId: "ID1",
      chat: { number: "5511988887777", isGroup: false, name: "Maria", profilePicUrl: "https://p/x.jpg" },
      fromMe: false,
      body: "hi",
      mediaType: "chat",
      timestamp: new Date(T * 1000),
    });
    const own = parsed({ conversation: "hi" }, { fromMe: true });
    expect(toInboundMessage(own, { chatNumber: "5511988887777" }).chat.name).toBeUndefined();
  });

  it("gives a group the subject as name and the participant as sender", () => {
    const group = parsed({ conversation: "hi" }, { remoteJid: "120363025246125486@g.us", participant: "5511955554444@s.whatsapp.net" });
    const message = toInboundMessage(group, { chatNumber: "120363025246125486", senderNumber: "5511955554444", chatName: "Support group" });
    expect(message.chat).toEqual({ number: "120363025246125486", isGroup: true, name: "Support group" });
    expect(message.sender).toEqual({ number: "5511955554444", name: "Maria" });
  });
});
