/**
 * The Telegram channel in webhook mode (PUBLIC_URL set: the secret checked on every update, back to
 * polling without it) and across two instances on one database (one poller per bot; another
 * instance takes over when the owner stops). Against the fake Bot API.
 */
import type { Connection } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { messages } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { TelegramFake } from "../../test/fakes/telegram-fake.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";

const fake = new TelegramFake();
let database: Database;
beforeAll(async () => {
  await fake.start();
  database = await openTestDatabase();
});
afterAll(async () => {
  await fake.stop();
  await database.close();
});

const options = { telegram: { pollTimeoutSeconds: 1, retryDelayMs: () => 20 } };
const instance = (env: Record<string, string> = {}) =>
  createTestServer({ TELEGRAM_API_URL: fake.url, ...env }, { ...options, database });

async function statusOf(server: TestServer, token: string, id: number) {
  return ((await server.request({ method: "GET", url: `/api/whatsapp/${id}`, token })).json() as Connection).status;
}

async function newTelegram(server: TestServer, botToken: string): Promise<{ admin: string; connection: Connection }> {
  const admin = await server.adminToken();
  const queue = await createQueue(server, admin);
  const connection = await createConnection(server, admin, { kind: "telegram", telegram: { botToken }, destinationType: "queue", destinationItem: queue.id });
  await waitFor(async () => (await statusOf(server, admin, connection.id)) === "CONNECTED", "CONNECTED");
  return { admin, connection };
}

const rowsOf = (externalId: string) => database.db.select().from(messages).where(eq(messages.externalId, externalId));

describe("Telegram webhook mode", () => {
  it("sets the webhook with a secret, takes updates only with it, and goes back to polling without PUBLIC_URL", async () => {
    const token = "222222:AAH-webhook-token-for-atendo-tests-1";
    const web = await instance({ PUBLIC_URL: "https://atendo.example.com/" });
    let polling: TestServer | undefined;
    try {
      const { connection } = await newTelegram(web, token);
      const bot = fake.bot(token);
      expect(bot.webhook?.url).toBe(`https://atendo.example.com/api/channels/telegram/${connection.id}/webhook`);
      const secret = bot.webhook!.secret!;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
      expect(bot.calls).not.toContain("getUpdates");

      const update = { update_id: 5000, message: { message_id: 77, date: 1_790_000_000, chat: { id: 4242, type: "private", first_name: "Rui" }, text: "by webhook" } };
      const post = (headers: Record<string, string>) =>
        web.request({ method: "POST", url: `/api/channels/telegram/${connection.id}/webhook`, headers, payload: update });
      for (const headers of [{}, { "x-telegram-bot-api-secret-token": "wrong" }] as Record<string, string>[]) {
        const refused = await post(headers);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ error: "ERR_INVALID_CHANNEL_TOKEN" });
      }
      expect(await rowsOf("4242:77")).toEqual([]);
      const wrongConnection = await web.request({
        method: "POST",
        url: `/api/channels/telegram/${connection.id + 1000}/webhook`,
        headers: { "x-telegram-bot-api-secret-token": secret },
        payload: update,
      });
      expect(wrongConnection.statusCode).toBe(401);

      expect((await post({ "x-telegram-bot-api-secret-token": secret })).statusCode).toBe(200);
      // Telegram delivers again when it missed the answer: nothing doubles.
      expect((await post({ "x-telegram-bot-api-secret-token": secret })).statusCode).toBe(200);
      const rows = await rowsOf("4242:77");
      expect(rows.map((row) => row.body)).toEqual(["by webhook"]);

      const malformed = await web.request({
        method: "POST",
        url: `/api/channels/telegram/${connection.id}/webhook`,
        headers: { "x-telegram-bot-api-secret-token": secret },
        payload: { update_id: "x" },
      });
      expect(malformed.statusCode).toBe(400);

      // The same install restarted without PUBLIC_URL: the webhook goes, polling starts.
      await web.close();
      polling = await instance();
      await polling.ctx.channels.startAll();
      await fake.until(token, (b) => b.webhook === null && b.calls.includes("getUpdates"), "deleteWebhook then getUpdates");
      const next = fake.customerSends(token, { id: 4242, firstName: "Rui" }, { text: "by polling" });
      await waitFor(async () => (await rowsOf(`4242:${next.message.message_id}`)).length === 1, "the polled message");
      // Without PUBLIC_URL nothing may post to the webhook, secret or not.
      const late = await polling.request({
        method: "POST",
        url: `/api/channels/telegram/${connection.id}/webhook`,
        headers: { "x-telegram-bot-api-secret-token": secret },
        payload: { ...update, update_id: 5001 },
      });
      expect(late.statusCode).toBe(401);
    } finally {
      await web.close().catch(() => undefined);
      await polling?.close();
    }
  });
});

describe("Telegram across instances", () => {
  it("polls a bot from one instance only; another takes it over when the owner stops", async () => {
    const token = "333333:AAH-shared-token-for-atendo-tests-01";
    const a = await instance();
    const b = await instance();
    try {
      const { connection } = await newTelegram(a, token);
      await b.ctx.channels.startAll();
      expect([a.ctx.channels.isRunning(connection.id), b.ctx.channels.isRunning(connection.id)]).toEqual([true, false]);
      expect(b.ctx.channels.ownedElsewhere(connection.id)).toBe(true);

      const first = fake.customerSends(token, { id: 9191, firstName: "Lia" }, { text: "first" });
      await waitFor(async () => (await rowsOf(`9191:${first.message.message_id}`)).length === 1, "stored by a");
      // getMe is every starting driver's first call: b never started one.
      expect(fake.bot(token).calls.filter((call) => call === "getMe")).toHaveLength(1);

      await a.close();
      await b.ctx.channels.retryOwnership();
      expect(b.ctx.channels.isRunning(connection.id)).toBe(true);
      const second = fake.customerSends(token, { id: 9191, firstName: "Lia" }, { text: "second" });
      await waitFor(async () => (await rowsOf(`9191:${second.message.message_id}`)).length === 1, "stored by b");
      expect(await rowsOf(`9191:${first.message.message_id}`)).toHaveLength(1);
    } finally {
      await a.close().catch(() => undefined);
      await b.close();
    }
  });
});
