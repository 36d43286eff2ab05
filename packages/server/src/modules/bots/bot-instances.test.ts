import type { Connection } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { eventDeliveries, tickets } from "../../db/schema/index.js";
import { createBot } from "../../test/bot-fixtures.js";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { startWebhookBot, type FakeWebhookBot } from "../../test/fakes/webhook-bot-fake.js";
import { startFakeTypebot } from "../../test/fakes/typebot-fake.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectionTo, conversation, to } from "../../test/routing-fixtures.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";
import { botListenerKey } from "./bot-listener.js";

/**
 * The bot stage across instances and restarts (docs/decisions/0092): the listener is durable, so
 * each customer message goes to the bot once whichever instance stored it, and a call an instance
 * died with is made again by another once its lease ends; what the conversation needs (the bot,
 * the Typebot session) is on the ticket row, not in memory.
 */
let database: Database;
let bot: FakeWebhookBot;
let first: TestServer;
let second: TestServer;
let admin: string;
let queueId: number;

const instance = () => createTestServer({}, { database, eventOutbox: { pollMs: 20 } });

beforeAll(async () => {
  bot = await startWebhookBot("bot-secret-1234");
  database = await openTestDatabase();
  first = await instance();
  second = await instance();
  admin = await first.adminToken();
  queueId = (await createQueue(first, admin, { greetingMessage: "" })).id;
});
afterAll(async () => {
  await second.close();
  await first.close();
  await database.close();
  await bot.close();
});

const owed = async (on: TestServer) => on.ctx.db.select().from(eventDeliveries).where(eq(eventDeliveries.listener, botListenerKey));

function customer(on: () => TestServer, connection: Connection) {
  const number = uniqueNumber();
  return (body: string) => inbound(on(), connection, { from: { number, name: "Ana" }, body });
}

describe("bots across instances and restarts", () => {
  it("asks the bot once for each customer message, whichever of two instances stored it", async () => {
    const made = await createBot(first, admin, bot.url, to("queue", queueId));
    const connection = await connectionTo(first, admin, to("bots", made.id));
    bot.answerWith((request) => ({ messages: [{ body: `re: ${request.message.body}` }] }));
    first.jobs.start("event-outbox");
    second.jobs.start("event-outbox");
    try {
      const conversations = Array.from({ length: 6 }, (_, n) => customer(() => (n % 2 === 0 ? first : second), connection));
      const ticketIds = new Set<number>();
      for (let round = 0; round < 3; round++) {
        const sent = await Promise.all(conversations.map((say, n) => say(`m${n}-${round}`)));
        for (const { ticketId } of sent) ticketIds.add(ticketId);
        await waitFor(async () => (await owed(first)).length === 0, "every call made", 15_000);
      }
      const askedNow = () => bot.received.filter((request) => ticketIds.has(request.ticketId)).map((request) => request.message.body);
      await waitFor(async () => askedNow().length >= 18 && (await owed(first)).length === 0, "every message asked", 15_000);
      const asked = askedNow();
      expect(asked.sort()).toEqual(conversations.flatMap((_, n) => [0, 1, 2].map((round) => `m${n}-${round}`)).sort());
      for (const ticketId of ticketIds) {
        const { bodies } = await conversation(first, admin, ticketId);
        expect(bodies.filter((body) => body.startsWith("re: "))).toHaveLength(3);
      }
    } finally {
      await Promise.all([first.ctx.eventOutbox.stop(), second.ctx.eventOutbox.stop()]);
    }
  });

  it("goes on after a restart: a call the first instance died with is made by the next one, the Typebot session kept on the ticket", async () => {
    const typebot = await startFakeTypebot("support-bot", [
      { bubbles: ["Hi! What is your name?"], input: true },
      { bubbles: ["Nice to meet you. What do you need?"], input: true },
      { bubbles: ["Thanks, passing you on."], input: false },
    ]);
    try {
      const made = await createBot(first, admin, typebot.url, to("queue", queueId), { kind: "typebot", typebotId: "support-bot", secret: "typebot-token" });
      const connection = await connectionTo(first, admin, to("bots", made.id));
      let on = first;
      const say = customer(() => on, connection);
      const run = async (server: TestServer, now?: Date) => {
        while ((await server.ctx.eventOutbox.runOnce(now)) > 0);
      };

      // The message's outbox row may be kept just after the inbound answer: run until the bot answered.
      const sessionOf = async (server: TestServer) => (await server.ctx.db.select({ session: tickets.botSession }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.session;
      const { ticketId } = await say("hello");
      await waitFor(async () => (await run(first), (await sessionOf(first)) != null), "the session started");
      expect(await sessionOf(first)).toBe([...typebot.sessions.keys()][0]);

      // The first instance claims the next message's call and dies before making it.
      await say("Ana");
      await waitFor(async () => (await owed(first)).length === 1, "the call owed");
      first.ctx.events.runDurable = () => new Promise<never>(() => undefined);
      void first.ctx.eventOutbox.runOnce();
      await waitFor(async () => (await owed(first)).every((delivery) => delivery.attempts === 1), "the claim");
      await first.close();

      // Started again on the same database: once the lease ends the call is made, in the same session.
      const restarted = await instance();
      first = restarted;
      on = restarted;
      await run(restarted, new Date(Date.now() + 60_001));
      await waitFor(async () => (await conversation(restarted, admin, ticketId)).bodies.includes("Nice to meet you. What do you need?"), "the call made again");
      await say("a refund");
      await waitFor(async () => (await run(restarted), (await conversation(restarted, admin, ticketId)).ticket.bot === null), "the flow's end");
      const { ticket, bodies } = await conversation(restarted, admin, ticketId);
      expect(bodies).toEqual([
        "hello",
        "Hi! What is your name?",
        "Ana",
        "Nice to meet you. What do you need?",
        "a refund",
        "Thanks, passing you on.",
      ]);
      // Its flow ended (no input awaited): the conversation goes to the bot's fallback.
      expect(ticket).toMatchObject({ bot: null, queueId });
      expect(typebot.calls.map((call) => call.path.replace(/[0-9a-f-]{36}/, "<session>"))).toEqual([
        "/api/v1/typebots/support-bot/startChat",
        "/api/v1/sessions/<session>/continueChat",
        "/api/v1/sessions/<session>/continueChat",
      ]);
      expect(typebot.calls.every((call) => call.authorization === "Bearer typebot-token")).toBe(true);
      expect(typebot.sessions.size).toBe(1);
    } finally {
      await typebot.close();
    }
  });
});
