import type { Connection, Message } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets } from "../../db/schema/index.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { exeBytes, multipart, pngBytes, pngOfSize } from "../../test/media-samples.js";

let server: TestServer;
let admin: string;
let member: { id: number; token: string };
let outsider: { id: number; token: string };
let connection: Connection;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  member = await server.createUser();
  outsider = await server.createUser();
  const queue = await createQueue(server, admin, { userIds: [member.id] });
  connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
});
afterAll(() => server.close());

type Part = Parameters<typeof multipart>[0][number];

function upload(ticketId: number, parts: Part[], token = admin) {
  return server.request({ method: "POST", url: `/api/messages/${ticketId}`, token, ...multipart(parts) });
}

const file = (data: Buffer, fileName: string, type: string): Part => ({ name: "medias", file: data, fileName, type });
const leftovers = () => readdirSync(server.ctx.config.MEDIA_DIR).filter((name) => name.endsWith(".upload"));

describe("POST /api/messages/:ticketId (multipart)", () => {
  it("stores each file as a message under a unique name, the body as the first file's caption", async () => {
    const { ticketId } = await inbound(server, connection);
    const response = await upload(ticketId, [{ name: "body", value: "Two photos" }, file(pngBytes, "a.png", "image/png"), file(pngBytes, "a.png", "image/png")]);
    expect(response.statusCode).toBe(201);
    const sent = (response.json() as { messages: Message[] }).messages;
    expect(sent.map((m) => [m.body, m.mediaType, m.mimeType, m.fileName])).toEqual([
      ["Two photos", "image", "image/png", "a.png"],
      ["a.png", "image", "image/png", "a.png"],
    ]);
    expect(sent[0]!.mediaUrl).not.toBe(sent[1]!.mediaUrl);
  });

  it("reads the type from the content: refuses programs and fake media (415), accepts plain documents", async () => {
    const { ticketId } = await inbound(server, connection);
    for (const part of [file(exeBytes(), "invoice.pdf", "application/pdf"), file(Buffer.from("plain text"), "photo.jpg", "image/jpeg")]) {
      const response = await upload(ticketId, [part]);
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe("FILE_NOT_SUPPORTED");
    }
    const text = await upload(ticketId, [file(Buffer.from("a,b\n1,2\n"), "data.csv", "text/csv")]);
    expect((text.json() as { messages: Message[] }).messages[0]).toMatchObject({ mediaType: "document", mimeType: "text/csv", fileName: "data.csv" });
    expect(leftovers()).toEqual([]);
  });

  it("limits media to 16 MB and documents to 100 MB (413), whatever the declared type", async () => {
    const { ticketId } = await inbound(server, connection);
    const bigImage = await upload(ticketId, [file(pngOfSize(limits.mediaBytes + 1), "big.png", "application/octet-stream")]);
    expect(bigImage.statusCode).toBe(413);
    expect(bigImage.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");
    const bigText = await upload(ticketId, [file(Buffer.alloc(limits.mediaBytes + 1, "a"), "log.txt", "text/plain")]);
    expect(bigText.statusCode).toBe(201);
    const tooBig = await upload(ticketId, [file(Buffer.alloc(limits.documentBytes + 1, "a"), "huge.txt", "text/plain")]);
    expect(tooBig.statusCode).toBe(413);
    expect(leftovers()).toEqual([]);
  });

  it("checks the sender before reading the upload, and wants files in `medias`", async () => {
    const { ticketId } = await inbound(server, connection);
    expect((await upload(ticketId, [file(pngBytes, "a.png", "image/png")], outsider.token)).json().error).toBe("ERR_NO_PERMISSION");
    expect((await upload(ticketId, [{ name: "other", file: pngBytes, fileName: "a.png", type: "image/png" }])).statusCode).toBe(400);
    expect((await upload(ticketId, [{ name: "body", value: "no file" }])).statusCode).toBe(400);
    expect(leftovers()).toEqual([]);
  });
});

describe("GET /api/media/:name", () => {
  async function mediaOfNewTicket() {
    const { ticketId } = await inbound(server, connection, { body: "", media: { data: pngBytes.toString("base64"), mimeType: "image/png" } });
    const page = (await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: admin })).json() as { messages: Message[] };
    return { ticketId, url: page.messages[0]!.mediaUrl! };
  }

  it("serves a file to who may see its ticket, with safe headers", async () => {
    const { url } = await mediaOfNewTicket();
    for (const token of [admin, member.token]) {
      const response = await server.request({ method: "GET", url, token });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(pngBytes)).toBe(true);
      expect(response.headers).toMatchObject({ "content-type": "image/png", "x-content-type-options": "nosniff" });
      expect(response.headers["content-disposition"]).toMatch(/^inline; filename\*=UTF-8''file\.png$/);
    }
  });

  it("refuses anonymous users (401), others (403) and unknown names (404)", async () => {
    const { ticketId, url } = await mediaOfNewTicket();
    expect((await server.request({ method: "GET", url })).statusCode).toBe(401);
    expect((await server.request({ method: "GET", url, token: outsider.token })).json().error).toBe("ERR_NO_PERMISSION");
    // Once another attendant owns the ticket, queue members no longer see it.
    await server.ctx.db.update(tickets).set({ status: "open", userId: outsider.id }).where(eq(tickets.id, ticketId));
    expect((await server.request({ method: "GET", url, token: member.token })).statusCode).toBe(403);
    expect((await server.request({ method: "GET", url, token: outsider.token })).statusCode).toBe(200);
    for (const name of ["../../etc/passwd", "00000000-0000-0000-0000-000000000000.png", "x"]) {
      expect((await server.request({ method: "GET", url: `/api/media/${encodeURIComponent(name)}`, token: admin })).statusCode, name).toBe(404);
    }
  });
});
