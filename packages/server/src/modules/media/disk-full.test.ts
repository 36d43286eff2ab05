import type { Connection, Message, Schedule } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema/index.js";
import { createConnection, inbound, postInbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { mountSmallDisk, type SmallDisk } from "../../test/full-disk.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { multipart, pngOfSize } from "../../test/media-samples.js";
import { later } from "../../test/schedule-fixtures.js";

// Issue 35: the media folder's disk fills up (docs/decisions/0101). A real tmpfs, filled with a
// filler file: every write to it fails with ENOSPC as on a full disk.

let disk: SmallDisk;
let server: TestServer;
let admin: string;
let connection: Connection;
beforeAll(async () => {
  disk = mountSmallDisk();
  server = await createTestServer({ MEDIA_DIR: disk.dir });
  admin = await server.adminToken();
  const queue = await createQueue(server, admin, { greetingMessage: "" });
  connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id, isDefault: true });
});
afterAll(async () => {
  await server?.close();
  disk?.unmount();
});

/** A photo bigger than what the disk has left: its write starts, then hits the end. */
const tooBig = () => pngOfSize(disk.free() + 128 * 1024);

function uploadToTicket(ticketId: number, photo: Buffer) {
  return server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, ...multipart([{ name: "medias", file: photo, fileName: "photo.png", type: "image/png" }]) });
}

function expectStorageFull(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(507);
  expect(response.json()).toMatchObject({ error: "ERR_STORAGE_FULL" });
}

describe("a full media disk", () => {
  it("refuses a message's upload with 507 ERR_STORAGE_FULL and leaves no part of it behind", async () => {
    const { ticketId } = await inbound(server, connection, { body: "Can you send the invoice?" });
    disk.fill(64 * 1024);
    const freeBefore = disk.free();
    expectStorageFull(await uploadToTicket(ticketId, tooBig()));
    expect(disk.files()).toEqual([]);
    expect(disk.free()).toBe(freeBefore);
  });

  it("refuses another multipart upload (a schedule's file) the same way", async () => {
    disk.fill(64 * 1024);
    const freeBefore = disk.free();
    const contact = await createContact(server, admin);
    const form = multipart([
      { name: "data", value: JSON.stringify({ contactId: contact.id, body: "Our flyer", sendAt: later(60) }) },
      { name: "media", file: tooBig(), fileName: "flyer.png", type: "image/png" },
    ]);
    expectStorageFull(await server.request({ method: "POST", url: "/api/schedules", token: admin, ...form }));
    expect(disk.files()).toEqual([]);
    expect(disk.free()).toBe(freeBefore);
    const schedules = (await server.request({ method: "GET", url: `/api/schedules?contactId=${contact.id}`, token: admin })).json() as { schedules?: Schedule[] };
    expect(schedules.schedules ?? []).toEqual([]);
  });

  it("keeps a received photo's message with its caption, marked as missing its file; text keeps flowing both ways", async () => {
    disk.fill(64 * 1024);
    const freeBefore = disk.free();
    const photo = tooBig().toString("base64");
    const from = { number: uniqueNumber(), name: "Rita" };
    const received = await inbound(server, connection, { from, body: "Here is the receipt", media: { data: photo, mimeType: "image/png", fileName: "receipt.png" } });
    expect(received.duplicate).toBe(false);
    const [row] = await server.ctx.db.select().from(messages).where(eq(messages.id, received.messageId));
    expect(row).toMatchObject({ body: "Here is the receipt", mediaType: "image", mediaName: null, fileName: "receipt.png", failed: true, failureReason: "ERR_STORAGE_FULL" });
    expect(disk.files()).toEqual([]);
    expect(disk.free()).toBe(freeBefore);
    // The same message again (a redelivery) stays one message.
    const again = await postInbound(server, connection, { externalId: row!.externalId!, body: "Here is the receipt", media: { data: photo, mimeType: "image/png" } });
    expect(again.json()).toMatchObject({ messageId: received.messageId, duplicate: true });

    disk.fill();
    const text = await inbound(server, connection, { from, body: "Did it arrive?" });
    expect(text.ticketId).toBe(received.ticketId);
    const page = (await server.request({ method: "GET", url: `/api/messages/${text.ticketId}`, token: admin })).json() as { messages: Message[] };
    expect(page.messages.find((message) => message.id === received.messageId)).toMatchObject({ mediaUrl: null, failed: true, failureReason: "ERR_STORAGE_FULL" });
    const reply = await server.request({ method: "POST", url: `/api/messages/${text.ticketId}`, token: admin, payload: { body: "Please send it again" } });
    expect(reply.statusCode).toBe(201);
  });

  it("takes files again once space is freed", async () => {
    const { ticketId } = await inbound(server, connection, { body: "Space again?" });
    disk.empty();
    const response = await uploadToTicket(ticketId, pngOfSize(32 * 1024));
    expect(response.statusCode).toBe(201);
    expect(disk.files()).toHaveLength(1);
  });
});
