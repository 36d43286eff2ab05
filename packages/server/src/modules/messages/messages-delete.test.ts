import type { AppMessageEvent, Message, MessagePage } from "@atendo/contracts";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages, ticketParticipants, tickets } from "../../db/schema/index.js";
import { createConnection, uniqueNumber } from "../../test/channel-fixtures.js";
import { fakeDrivers } from "../../test/fake-driver.js";
import { useLiveServer } from "../../test/live-server.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { nextEvent, recordEvents, settle } from "../../test/socket-client.js";

const live = useLiveServer();
const fakes = fakeDrivers();
type User = { id: number; token: string };
let owner: User;
let participant: User;
let outsider: User;
let connectionId: number;

beforeAll(async () => {
  live.server.ctx.channels.registerDriver("whatsapp", fakes.factory);
  owner = await live.server.createUser({ name: "Owner" });
  participant = await live.server.createUser({ name: "Participant" });
  outsider = await live.server.createUser({ name: "Outsider" });
  // A WhatsApp connection (fake driver) routed to the owner: new conversations open for them.
  connectionId = (await createConnection(live.server, live.admin, { kind: "whatsapp", destinationType: "users", destinationItem: owner.id })).id;
});

/** A customer writes: an open ticket of the owner's, with the participant added. */
async function conversation(): Promise<{ ticketId: number; customerMessageId: number }> {
  const driver = fakes.of(connectionId);
  await driver.events.onMessage({
    externalId: `in-${uniqueNumber()}`,
    chat: { number: uniqueNumber(), isGroup: false },
    fromMe: false,
    body: "Hello",
    mediaType: "chat",
    timestamp: new Date(),
  });
  const [row] = await live.server.ctx.db.select().from(messages).where(eq(messages.connectionId, connectionId)).orderBy(desc(messages.id)).limit(1);
  if (!row) throw new Error("inbound message not stored");
  await live.server.ctx.db.insert(ticketParticipants).values({ ticketId: row.ticketId, userId: participant.id });
  return { ticketId: row.ticketId, customerMessageId: row.id };
}

async function send(ticketId: number, token: string, body: string): Promise<Message> {
  const response = await live.server.request({ method: "POST", url: `/api/messages/${ticketId}`, token, payload: { body } });
  if (response.statusCode !== 201) throw new Error(`send failed: ${response.body}`);
  return (response.json() as { messages: Message[] }).messages[0]!;
}

const remove = (messageId: number, token: string | undefined, payload?: object) =>
  live.server.request({ method: "DELETE", url: `/api/messages/${messageId}`, token, ...(payload ? { payload } : {}) });

async function stored(messageId: number) {
  const [row] = await live.server.ctx.db.select().from(messages).where(eq(messages.id, messageId));
  return row;
}

describe("DELETE /api/messages/:id", () => {
  it("rejects anonymous users and an unknown message", async () => {
    const { ticketId, customerMessageId } = await conversation();
    await expectRefused(live.server, [{ method: "DELETE", url: `/api/messages/${customerMessageId}`, payload: { ticketId } }], anonymous, 401, "ERR_SESSION_EXPIRED");
    const missing = await remove(999_999, live.admin, { ticketId });
    expect([missing.statusCode, missing.json().error]).toEqual([404, "ERR_NO_MESSAGE_FOUND"]);
  });

  it("deletes the sender's message on the channel for everyone, keeps it marked deleted and tells who may see the ticket", async () => {
    const { ticketId } = await conversation();
    const sent = await send(ticketId, owner.token, "Wrong customer, sorry");
    const participantSocket = await live.sockets.connect(participant.token);
    const outsiderSocket = await live.sockets.connect(outsider.token);
    const outsiderHeard = recordEvents(outsiderSocket, "appMessage");
    const update = nextEvent<AppMessageEvent>(participantSocket, "appMessage");

    const response = await remove(sent.id, owner.token, { ticketId });
    expect([response.statusCode, response.json()]).toEqual([200, { ok: true }]);
    expect(fakes.of(connectionId).deleted).toContain(`fake-${sent.id}`);
    expect(await update).toMatchObject({ action: "update", message: { id: sent.id, isDeleted: true, body: "Wrong customer, sorry" } });
    const page = (await live.server.request({ method: "GET", url: `/api/messages/${ticketId}`, token: owner.token })).json() as MessagePage;
    expect(page.messages.find((m) => m.id === sent.id)).toMatchObject({ isDeleted: true });
    await settle(outsiderSocket);
    expect(outsiderHeard).toEqual([]);
  });

  it("lets only the sender or an admin delete an attendant's message", async () => {
    const { ticketId } = await conversation();
    const byOwner = await send(ticketId, owner.token, "Owner wrote this");
    const byParticipant = await send(ticketId, participant.token, "Participant wrote this");

    // The participant may write in the ticket but did not send the owner's message; outsiders may not write at all.
    for (const token of [participant.token, outsider.token]) {
      const refused = await remove(byOwner.id, token, { ticketId });
      expect([refused.statusCode, refused.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    }
    expect((await remove(byParticipant.id, owner.token, { ticketId })).json().error).toBe("ERR_NO_PERMISSION");
    expect((await stored(byOwner.id))?.isDeleted).toBe(false);

    expect((await remove(byParticipant.id, participant.token, { ticketId })).statusCode).toBe(200);
    expect((await remove(byOwner.id, live.admin, { ticketId })).statusCode).toBe(200);
    expect((await stored(byOwner.id))?.isDeleted).toBe(true);
  });

  it("refuses the customer's messages, another ticket's id, a closed ticket and a missing ticketId", async () => {
    const { ticketId, customerMessageId } = await conversation();
    const other = await conversation();
    const sent = await send(ticketId, owner.token, "Mine");

    expect((await remove(customerMessageId, live.admin, { ticketId })).json().error).toBe("ERR_NO_PERMISSION");
    const elsewhere = await remove(sent.id, owner.token, { ticketId: other.ticketId });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const noBody = await remove(sent.id, owner.token);
    expect([noBody.statusCode, noBody.json().error]).toEqual([400, "ERR_MISSING_VALUES"]);
    expect((await stored(sent.id))?.isDeleted).toBe(false);

    await live.server.ctx.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, ticketId));
    for (const token of [owner.token, live.admin]) expect((await remove(sent.id, token, { ticketId })).json().error).toBe("ERR_NO_PERMISSION");
    expect((await stored(sent.id))?.isDeleted).toBe(false);
  });

  it("changes nothing and announces nothing when the channel cannot delete (ERR_DELETE_WAPP_MSG)", async () => {
    const { ticketId } = await conversation();
    const sent = await send(ticketId, owner.token, "Keep trying");
    const socket = await live.sockets.connect(owner.token);
    const heard = recordEvents(socket, "appMessage");
    const driver = fakes.of(connectionId);
    driver.sendError = new Error("socket closed");
    try {
      const failed = await remove(sent.id, owner.token, { ticketId });
      expect([failed.statusCode, failed.json().error]).toEqual([502, "ERR_DELETE_WAPP_MSG"]);
    } finally {
      driver.sendError = undefined;
    }
    expect((await stored(sent.id))?.isDeleted).toBe(false);
    await settle(socket);
    expect(heard).toEqual([]);
  });

  it("answers ok again for a message already deleted, without asking the channel twice", async () => {
    const { ticketId } = await conversation();
    const sent = await send(ticketId, owner.token, "Twice");
    expect((await remove(sent.id, owner.token, { ticketId })).statusCode).toBe(200);
    expect((await remove(sent.id, owner.token, { ticketId })).json()).toEqual({ ok: true });
    expect(fakes.of(connectionId).deleted.filter((id) => id === `fake-${sent.id}`)).toHaveLength(1);
  });
});
