import type { Connection } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDeliveries } from "../../db/schema/index.js";
import { createBot } from "../../test/bot-fixtures.js";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { startWebhookBot, type FakeWebhookBot } from "../../test/fakes/webhook-bot-fake.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectionTo, conversation, to } from "../../test/routing-fixtures.js";
import { idsOf, listTickets, putTicket } from "../../test/ticket-fixtures.js";
import { waitFor } from "../../test/wait-for.js";
import { BotBusy, answerByBot } from "./bot-exchange.js";
import { botListenerKey } from "./bot-listener.js";

/** The event outbox runs (it is not started in tests unless one asks): the bot listener is a durable one. */
const t = { server: undefined as unknown as TestServer, admin: "" };
const secret = "bot-secret-1234";
let bot: FakeWebhookBot;
let fallbackQueue: number;
let humanQueue: number;

beforeAll(async () => {
  t.server = await createTestServer({}, { eventOutbox: { pollMs: 20 } });
  t.admin = await t.server.adminToken();
  t.server.jobs.start("event-outbox");
  bot = await startWebhookBot(secret);
  fallbackQueue = (await createQueue(t.server, t.admin, { greetingMessage: "An attendant will be with you." })).id;
  humanQueue = (await createQueue(t.server, t.admin, { greetingMessage: "Billing here." })).id;
});
afterAll(async () => {
  await t.server.close();
  await bot.close();
});

/** A connection whose conversations start with a new webhook bot (fallback: the fallback queue). */
async function botConnection(input: Parameters<typeof createBot>[4] = {}) {
  const made = await createBot(t.server, t.admin, bot.url, to("queue", fallbackQueue), input);
  return { made, connection: await connectionTo(t.server, t.admin, to("bots", made.id)) };
}

function customer(connection: Connection) {
  const number = uniqueNumber();
  return (body: string) => inbound(t.server, connection, { from: { number, name: "Ana" }, body });
}

const bodiesOf = async (ticketId: number) => (await conversation(t.server, t.admin, ticketId)).bodies;
const owed = async () => t.server.ctx.db.select().from(eventDeliveries).where(eq(eventDeliveries.listener, botListenerKey));
const idle = async () => (await owed()).length === 0;

describe("a conversation in a bot's stage", () => {
  it("goes to the bot message by message, signed, and is handed over by its action", async () => {
    const { made, connection } = await botConnection();
    bot.answerWith((request) =>
      request.message.body === "billing"
        ? { messages: [{ body: "Passing you to billing." }], action: { type: "handoff", destinationType: "queue", destinationTypeId: humanQueue } }
        : { messages: [{ body: `You said: ${request.message.body}` }, { body: "Anything else?" }] },
    );
    const say = customer(connection);
    const { ticketId } = await say("hello");
    expect((await conversation(t.server, t.admin, ticketId)).ticket).toMatchObject({ status: "pending", queueId: null, bot: { id: made.id, name: made.name } });
    await waitFor(async () => (await bodiesOf(ticketId)).includes("Anything else?"), "the bot's answer");
    const asked = bot.received.filter((request) => request.ticketId === ticketId);
    expect(asked).toEqual([{ ticketId, contact: { name: "Ana", number: expect.any(String) }, message: { body: "hello", mediaType: "chat" } }]);
    expect(bot.badSignatures()).toBe(0);

    await say("billing");
    await waitFor(async () => (await conversation(t.server, t.admin, ticketId)).ticket.queueId === humanQueue, "the hand-off");
    const { ticket, bodies, messages } = await conversation(t.server, t.admin, ticketId);
    expect(ticket).toMatchObject({ status: "pending", bot: null, queueId: humanQueue });
    expect(bodies).toEqual(["hello", "You said: hello", "Anything else?", "billing", "Passing you to billing.", "Billing here."]);
    expect(messages.filter((m) => m.fromMe).every((m) => m.mediaType === "chat-automatic")).toBe(true);

    // From then on the bot is not asked again in this ticket.
    await say("are you there?");
    await waitFor(idle, "no call owed");
    expect(bot.received.filter((request) => request.ticketId === ticketId)).toHaveLength(2);
  });

  it("is handed to the fallback on a keyword, case and accents aside, without asking the bot", async () => {
    const { connection } = await botConnection();
    bot.answerWith(() => ({ messages: [{ body: "bot here" }] }));
    const say = customer(connection);
    const { ticketId } = await say("Oi");
    await waitFor(async () => (await bodiesOf(ticketId)).includes("bot here"), "the bot's answer");
    const asked = bot.received.length;
    await say("  ATENDÊNTE ");
    await waitFor(async () => (await conversation(t.server, t.admin, ticketId)).ticket.queueId === fallbackQueue, "the hand-off");
    expect(bot.received.length).toBe(asked);
    expect((await bodiesOf(ticketId)).at(-1)).toBe("An attendant will be with you.");
  });

  it("is handed to the fallback when the bot times out or fails, and its late answer is dropped", async () => {
    const { connection } = await botConnection({ timeoutSeconds: 1 });
    bot.answerWith(() => ({ messages: [{ body: "too late" }] }));
    bot.hold();
    const { ticketId } = await customer(connection)("slow?");
    await waitFor(async () => (await conversation(t.server, t.admin, ticketId)).ticket.queueId === fallbackQueue, "the timeout's hand-off", 8000);
    bot.release();
    await waitFor(idle, "no call owed");
    expect(await bodiesOf(ticketId)).toEqual(["slow?", "An attendant will be with you."]);

    const failing = await botConnection();
    bot.answerWith(() => ({ status: 500 }));
    const second = await customer(failing.connection)("hi");
    await waitFor(async () => (await conversation(t.server, t.admin, second.ticketId)).ticket.queueId === fallbackQueue, "the error's hand-off");
  });

  it("stops at once when a person takes the ticket: a reply arriving after is discarded", async () => {
    const { connection } = await botConnection({ timeoutSeconds: 10 });
    bot.answerWith(() => ({ messages: [{ body: "I am the bot" }] }));
    bot.hold();
    const before = bot.waiting();
    const say = customer(connection);
    const { ticketId } = await say("help");
    await waitFor(() => bot.waiting() === before + 1, "the bot asked");
    const accepted = await putTicket(t.server, t.admin, ticketId, { status: "open" });
    expect(accepted.statusCode).toBe(200);
    bot.release();
    await waitFor(idle, "the call finished");
    const { ticket, bodies } = await conversation(t.server, t.admin, ticketId);
    expect(ticket).toMatchObject({ status: "open", bot: null });
    expect(bodies).toEqual(["help"]);
    await say("still there?");
    await waitFor(idle, "no call owed");
    expect(bot.received.filter((request) => request.ticketId === ticketId)).toHaveLength(1);
  });

  it("is closed by the bot's close action, and the customer's next conversation starts with the bot again", async () => {
    const { made, connection } = await botConnection();
    bot.answerWith(() => ({ messages: [{ body: "Bye!" }], action: { type: "close" } }));
    const say = customer(connection);
    const first = await say("that is all");
    await waitFor(async () => (await conversation(t.server, t.admin, first.ticketId)).ticket.status === "closed", "the close");
    expect(await bodiesOf(first.ticketId)).toEqual(["that is all", "Bye!"]);
    bot.answerWith(() => ({ messages: [{ body: "Welcome back" }] }));
    const next = await say("hello again");
    expect(next.ticketId).not.toBe(first.ticketId);
    expect((await conversation(t.server, t.admin, next.ticketId)).ticket.bot).toEqual({ id: made.id, name: made.name });
    await waitFor(async () => (await bodiesOf(next.ticketId)).includes("Welcome back"), "the bot again");
  });

  it("asks the bot one message at a time per conversation: another waits for the call under way", async () => {
    const { connection } = await botConnection({ timeoutSeconds: 10 });
    bot.answerWith((request) => ({ messages: [{ body: `You said: ${request.message.body}` }] }));
    bot.hold();
    const before = bot.waiting();
    const say = customer(connection);
    const { ticketId } = await say("one");
    await waitFor(() => bot.waiting() === before + 1, "the first call");
    // Another instance running the next message meanwhile finds the ticket taken, and tries later.
    await expect(answerByBot(t.server.ctx, ticketId, { body: "two", mediaType: "chat" })).rejects.toBeInstanceOf(BotBusy);
    expect(bot.received.filter((request) => request.ticketId === ticketId).map((request) => request.message.body)).toEqual(["one"]);
    await say("two");
    bot.release();
    await waitFor(async () => (await bodiesOf(ticketId)).includes("You said: two"), "the second answer", 8000);
    expect(await bodiesOf(ticketId)).toEqual(["one", "two", "You said: one", "You said: two"]);
  });

  it("is nobody's work: attendants do not list it, admins see it with its bot", async () => {
    const { connection } = await botConnection();
    bot.answerWith(() => ({ messages: [] }));
    const { ticketId } = await customer(connection)("waiting");
    await waitFor(idle, "the bot answered nothing");
    const attendant = await t.server.createUser();
    expect(idsOf(await listTickets(t.server, attendant.token, { status: "pending" }))).not.toContain(ticketId);
    expect(idsOf(await listTickets(t.server, attendant.token, { status: "pending", showAll: true }))).not.toContain(ticketId);
    const forAdmin = await listTickets(t.server, t.admin, { status: "pending", showAll: true });
    expect(forAdmin.tickets.find((ticket) => ticket.id === ticketId)?.bot).not.toBeNull();
  });
});
