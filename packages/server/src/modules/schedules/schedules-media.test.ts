import { limits, signedText, type Message, type Schedule } from "@atendo/contracts";
import { existsSync, readdirSync } from "node:fs";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, schedules, tickets } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { exeBytes, multipart, pngBytes, pngOfSize } from "../../test/media-samples.js";
import { expectError } from "../../test/route-guards.js";
import { later, makeDue, postSchedule, scheduleRow } from "../../test/schedule-fixtures.js";
import { sendDueSchedules } from "./schedule-send.js";

let server: TestServer;
let admin: string;
let alice: { id: number; token: string };
let bruno: { id: number; token: string };
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  alice = await server.createUser({ name: "Alice" });
  bruno = await server.createUser({ name: "Bruno" });
  const queueId = (await createQueue(server, admin, { greetingMessage: "" })).id;
  await createConnection(server, admin, { destinationType: "queue", destinationItem: queueId, isDefault: true });
  // The connection's pace is tested on its own (schedules.test.ts, the pace tests): here every slot is granted.
  server.ctx.pace = { take: async () => ({ granted: true }) };
});
afterAll(async () => {
  await server.close();
});

/** Every file under MEDIA_DIR (this server's own folder). */
const storedFiles = () => new Set(readdirSync(server.ctx.config.MEDIA_DIR));
const exists = (name: string | null | undefined) => !!name && existsSync(server.ctx.media.path(name));

type FilePart = { data: Buffer; fileName: string; type: string };
const photo: FilePart = { data: pngBytes, fileName: "flyer.png", type: "image/png" };

/** POST or PUT /api/schedules as multipart: the fields in `data`, the file in `media`. */
function sendForm(method: "POST" | "PUT", url: string, token: string, data: object, file?: FilePart) {
  const { payload, headers } = multipart([
    { name: "data", value: JSON.stringify(data) },
    ...(file ? [{ name: "media", file: file.data, fileName: file.fileName, type: file.type }] : []),
  ]);
  return server.request({ method, url, token, payload, headers });
}

async function postWithFile(token: string, data: object, file = photo): Promise<Schedule> {
  const response = await sendForm("POST", "/api/schedules", token, { body: "Our flyer", sendAt: later(), ...data }, file);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Schedule;
}

const messagesOf = (ticketId: number) => server.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id));

describe("a schedule's file", () => {
  it("is sent with the message, each occurrence of a repeating one with its own copy; the series' file moves on", async () => {
    const contact = await createContact(server, admin);
    const created = await postWithFile(alice.token, { contactId: contact.id, recurrence: { every: "day", interval: 1 } });
    expect(created.media).toEqual({ fileName: "flyer.png", mediaType: "image", mimeType: "image/png" });
    const held = (await scheduleRow(server, created.id))!.mediaName;
    expect(exists(held)).toBe(true);
    // The list shows it too.
    const listed = (await server.request({ method: "GET", url: `/api/schedules?contactId=${contact.id}`, token: alice.token })).json() as { schedules: Schedule[] };
    expect(listed.schedules.map((s) => s.media?.fileName)).toEqual(["flyer.png"]);

    await makeDue(server, created.id);
    await sendDueSchedules(server.ctx);
    const first = await scheduleRow(server, created.id);
    expect(first).toMatchObject({ status: "sent", mediaName: null, mediaFileName: "flyer.png" });
    const [next] = await server.ctx.db.select().from(schedules).where(eq(schedules.contactId, contact.id)).orderBy(asc(schedules.id)).offset(1);
    expect(next).toMatchObject({ status: "pending", mediaName: held, mediaFileName: "flyer.png", occurrence: 1 });

    // The next occurrence, made due: a second message with a second copy.
    await makeDue(server, next!.id);
    await sendDueSchedules(server.ctx);
    expect((await scheduleRow(server, next!.id))?.status).toBe("sent");
    const sent = await messagesOf(first!.ticketId!);
    expect(sent.map((m) => [m.body, m.mediaType, m.mimeType, m.fileName])).toEqual([
      ["Our flyer", "image", "image/png", "flyer.png"],
      ["Our flyer", "image", "image/png", "flyer.png"],
    ]);
    const names = sent.map((m) => m.mediaName);
    expect(new Set([...names, held]).size).toBe(3);
    expect(names.every(exists)).toBe(true);

    // Cancelling the series removes its file; the messages keep theirs.
    const [third] = await server.ctx.db.select().from(schedules).where(eq(schedules.contactId, contact.id)).orderBy(asc(schedules.id)).offset(2);
    expect(third).toMatchObject({ status: "pending", mediaName: held });
    expect((await server.request({ method: "DELETE", url: `/api/schedules/${third!.id}`, token: alice.token })).statusCode).toBe(200);
    expect(exists(held)).toBe(false);
    expect(names.every(exists)).toBe(true);
    // Deleting a message (its file with it) leaves the other's.
    expect((await server.request({ method: "DELETE", url: `/api/messages/${sent[0]!.id}`, token: alice.token, payload: { ticketId: first!.ticketId } })).statusCode).toBe(200);
    expect(exists(names[1])).toBe(true);
  });

  it("of a one-off is no one's once sent: the message keeps its copy only", async () => {
    const contact = await createContact(server, admin);
    const created = await postWithFile(alice.token, { contactId: contact.id });
    const held = (await scheduleRow(server, created.id))!.mediaName;
    await makeDue(server, created.id);
    await sendDueSchedules(server.ctx);
    const row = await scheduleRow(server, created.id);
    expect(row).toMatchObject({ status: "sent", mediaName: null });
    expect(exists(held)).toBe(false);
    const [message] = await messagesOf(row!.ticketId!);
    expect(exists(message!.mediaName)).toBe(true);
    // The sent schedule still names what it sent.
    const shown = (await server.request({ method: "GET", url: `/api/schedules/${created.id}`, token: alice.token })).json() as Schedule;
    expect(shown.media).toMatchObject({ fileName: "flyer.png", mediaType: "image" });
  });

  it("is replaced by PUT with a new file, removed with media null; the old one is removed each time", async () => {
    const contact = await createContact(server, admin);
    const created = await postWithFile(alice.token, { contactId: contact.id });
    const first = (await scheduleRow(server, created.id))!.mediaName;
    const csv = { data: Buffer.from("name,total\nAna,3\n"), fileName: "report.csv", type: "text/csv" };
    const replaced = await sendForm("PUT", `/api/schedules/${created.id}`, alice.token, { body: "The report" }, csv);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((replaced.json() as Schedule).media).toEqual({ fileName: "report.csv", mediaType: "document", mimeType: "text/csv" });
    expect((replaced.json() as Schedule).body).toBe("The report");
    const second = (await scheduleRow(server, created.id))!.mediaName;
    expect(exists(first)).toBe(false);
    expect(exists(second)).toBe(true);
    // A JSON change that says nothing of the file keeps it.
    expect((await server.request({ method: "PUT", url: `/api/schedules/${created.id}`, token: alice.token, payload: { body: "Still the report" } })).statusCode).toBe(200);
    expect((await scheduleRow(server, created.id))!.mediaName).toBe(second);
    const removed = await server.request({ method: "PUT", url: `/api/schedules/${created.id}`, token: alice.token, payload: { media: null } });
    expect((removed.json() as Schedule).media).toBeNull();
    expect(exists(second)).toBe(false);
    // Sent as text, then.
    await makeDue(server, created.id);
    await sendDueSchedules(server.ctx);
    const [message] = await messagesOf((await scheduleRow(server, created.id))!.ticketId!);
    expect(message).toMatchObject({ body: "Still the report", mediaType: "chat", mediaName: null });
  });

  it("is checked as a message's: too big (413) or of a refused type (415) writes nothing and leaves no file", async () => {
    const contact = await createContact(server, admin);
    const before = storedFiles();
    const tooBig = await sendForm("POST", "/api/schedules", alice.token, { contactId: contact.id, body: "Big", sendAt: later() }, { data: pngOfSize(limits.mediaBytes + 1), fileName: "big.png", type: "image/png" });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");
    const program = await sendForm("POST", "/api/schedules", alice.token, { contactId: contact.id, body: "Run me", sendAt: later() }, { data: exeBytes(), fileName: "invoice.pdf", type: "application/pdf" });
    expect(program.statusCode).toBe(415);
    expect(program.json().error).toBe("FILE_NOT_SUPPORTED");
    // A good file with a refused schedule (in the past) is not kept either.
    await expectError(sendForm("POST", "/api/schedules", alice.token, { contactId: contact.id, body: "Late", sendAt: "2020-01-01T09:00" }, photo), 400, "ERR_SCHEDULE_IN_PAST");
    await expectError(sendForm("POST", "/api/schedules", alice.token, { contactId: contact.id, sendAt: later() }, photo), 400, "ERR_MISSING_VALUES");
    const malformed = multipart([{ name: "data", value: "{not json" }]);
    await expectError(server.request({ method: "POST", url: "/api/schedules", token: alice.token, ...malformed }), 400, "ERR_MISSING_VALUES");
    expect(await server.ctx.db.select().from(schedules).where(eq(schedules.contactId, contact.id))).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it("of someone else's schedule cannot be seen or replaced by another attendant (404, the upload not kept); a sent one's cannot be replaced (409)", async () => {
    const contact = await createContact(server, admin);
    const created = await postWithFile(alice.token, { contactId: contact.id });
    const held = (await scheduleRow(server, created.id))!.mediaName;
    const before = storedFiles();
    await expectError(server.request({ method: "GET", url: `/api/schedules/${created.id}`, token: bruno.token }), 404, "ERR_NO_SCHEDULE_FOUND");
    await expectError(sendForm("PUT", `/api/schedules/${created.id}`, bruno.token, {}, photo), 404, "ERR_NO_SCHEDULE_FOUND");
    await expectError(server.request({ method: "PUT", url: `/api/schedules/${created.id}`, token: bruno.token, payload: { media: null } }), 404, "ERR_NO_SCHEDULE_FOUND");
    await expectError(server.request({ method: "DELETE", url: `/api/schedules/${created.id}`, token: bruno.token }), 404, "ERR_NO_SCHEDULE_FOUND");
    expect(storedFiles()).toEqual(before);
    expect(exists(held)).toBe(true);
    // An admin may (the existing policy: admins change everyone's).
    const byAdmin = await sendForm("PUT", `/api/schedules/${created.id}`, admin, {}, { ...photo, fileName: "new-flyer.png" });
    expect((byAdmin.json() as Schedule).media?.fileName).toBe("new-flyer.png");
    expect(exists(held)).toBe(false);
    await makeDue(server, created.id);
    await sendDueSchedules(server.ctx);
    await expectError(sendForm("PUT", `/api/schedules/${created.id}`, alice.token, {}, photo), 409, "ERR_SCHEDULE_NOT_PENDING");
  });

  it("of a contact erased goes with its schedules", async () => {
    const contact = await createContact(server, admin);
    const created = await postWithFile(alice.token, { contactId: contact.id });
    const held = (await scheduleRow(server, created.id))!.mediaName;
    expect((await server.request({ method: "DELETE", url: `/api/contacts/${contact.id}`, token: admin })).statusCode).toBe(200);
    expect(exists(held)).toBe(false);
  });
});

describe("the author's signature", () => {
  it("is written as the author's typed reply would be, on the connection's channel, with the text alone as the ticket's last message", async () => {
    const contact = await createContact(server, admin);
    const created = await postSchedule(server, alice.token, { contactId: contact.id, body: "Your order ships today", signed: true });
    expect(created.signed).toBe(true);
    await makeDue(server, created.id);
    await sendDueSchedules(server.ctx);
    const ticketId = (await scheduleRow(server, created.id))!.ticketId!;
    const typed = await server.request({
      method: "POST",
      url: `/api/messages/${ticketId}`,
      token: alice.token,
      payload: { body: signedText("Your order ships today", { name: "Alice", extension: null }) },
    });
    expect(typed.statusCode).toBe(201);
    const [scheduled, reply] = await messagesOf(ticketId);
    expect(scheduled!.body).toBe(reply!.body);
    // The API channel writes the name alone, in plain text (decision 0070).
    expect(scheduled!.body).toBe("Alice\nYour order ships today");
    expect((typed.json() as { messages: Message[] }).messages[0]!.body).toBe(scheduled!.body);
    const [ticket] = await server.ctx.db.select({ lastMessage: tickets.lastMessage }).from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.lastMessage).toBe("Your order ships today");
  });

  it("is the author's as they are when it is sent, on the file's caption too; absent when signing is off", async () => {
    const contact = await createContact(server, admin);
    const signedFile = await postWithFile(alice.token, { contactId: contact.id, body: "See attached", signed: true });
    const plain = await postSchedule(server, alice.token, { contactId: contact.id, body: "Unsigned note", sendAt: later(1) });
    expect(plain.signed).toBe(false);
    await server.request({ method: "PUT", url: `/api/users/${alice.id}`, token: admin, payload: { name: "Alice Lima" } });
    await makeDue(server, signedFile.id);
    await makeDue(server, plain.id, new Date(Date.now() - 500));
    await sendDueSchedules(server.ctx);
    const ticketId = (await scheduleRow(server, signedFile.id))!.ticketId!;
    const sent = await messagesOf(ticketId);
    expect(sent.map((m) => [m.body, m.mediaType]).sort()).toEqual([
      ["Alice Lima\nSee attached", "image"],
      ["Unsigned note", "chat"],
    ]);
    // Turned off with PUT: sent as written.
    const later2 = await postSchedule(server, alice.token, { contactId: contact.id, body: "Second note", signed: true });
    expect(((await server.request({ method: "PUT", url: `/api/schedules/${later2.id}`, token: alice.token, payload: { signed: false } })).json() as Schedule).signed).toBe(false);
    await makeDue(server, later2.id);
    await sendDueSchedules(server.ctx);
    expect((await messagesOf(ticketId)).map((m) => m.body).at(-1)).toBe("Second note");
  });
});
