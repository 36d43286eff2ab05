import type { Bot, DestinationItem, DestinationType } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { uraItems } from "../../db/schema/index.js";
import { createBot } from "../../test/bot-fixtures.js";
import { inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { anonymous, expectError, expectRefused, resourceCalls } from "../../test/route-guards.js";
import { connectionTo, conversation, createUra, to } from "../../test/routing-fixtures.js";

const t = useAdminServer();
let queueId: number;
beforeAll(async () => {
  queueId = (await createQueue(t.server, t.admin)).id;
});

const url = "http://127.0.0.1:9/bot";
const form = (name: string, extra: object = {}) => ({
  name,
  kind: "webhook",
  url,
  secret: "a-long-secret-9876",
  timeoutSeconds: 5,
  fallback: { destinationType: "queue", destinationTypeId: queueId },
  ...extra,
});
const post = (payload: object) => t.server.request({ method: "POST", url: "/api/bots", token: t.admin, payload });
const put = (id: number, payload: object) => t.server.request({ method: "PUT", url: `/api/bots/${id}`, token: t.admin, payload });
const get = (id: number) => t.server.request({ method: "GET", url: `/api/bots/${id}`, token: t.admin });

describe("bot routes: guards", () => {
  const calls = () => resourceCalls("/api/bots", { create: form("Guarded"), update: form("Guarded") });
  it("reject anonymous users on every route", async () => {
    await expectRefused(t.server, calls(), anonymous, 401, "ERR_SESSION_EXPIRED");
  });
  it("reject attendants on every route (an admin screen)", async () => {
    await createBot(t.server, t.admin, url, to("queue", queueId));
    const attendant = await t.server.createUser();
    await expectRefused(t.server, calls(), attendant.token, 403, "ERR_NO_PERMISSION");
  });
  it("answer ERR_NO_BOT_FOUND for a missing id on read, update and delete", async () => {
    const one = "/api/bots/999999";
    const missing = [{ method: "GET", url: one }, { method: "PUT", url: one, payload: form("Missing") }, { method: "DELETE", url: one }] as const;
    await expectRefused(t.server, missing, t.admin, 404, "ERR_NO_BOT_FOUND");
  });
  it("refuse malformed and extreme bodies, changing nothing", async () => {
    const bad = [
      form(""),
      form("x".repeat(51)),
      form("Bad kind", { kind: "dialogflow" }),
      form("Bad url", { url: "ftp://example.com" }),
      form("No secret", { secret: "" }),
      form("Too fast", { timeoutSeconds: 0 }),
      form("Too slow", { timeoutSeconds: 31 }),
      form("Huge timeout", { timeoutSeconds: 1e12 }),
      form("Keyword too long", { keywords: ["k".repeat(51)] }),
      form("Empty keyword", { keywords: [""] }),
      form("Too many keywords", { keywords: Array.from({ length: 21 }, (_, i) => `k${i}`) }),
      form("Typebot without id", { kind: "typebot" }),
      form("No fallback", { fallback: undefined }),
      form("Bad fallback", { fallback: { destinationType: "nowhere", destinationTypeId: 1 } }),
    ];
    const before = (await t.server.request({ method: "GET", url: "/api/bots", token: t.admin })).json() as Bot[];
    for (const payload of bad) await expectError(post(payload), 400, "ERR_MISSING_VALUES");
    await expectError(post(form("Missing fallback", { fallback: { destinationType: "queue", destinationTypeId: 999_999 } })), 404, "ERR_NO_DESTINATION_FOUND");
    expect((await t.server.request({ method: "GET", url: "/api/bots", token: t.admin })).json()).toEqual(before);
  });
});

describe("POST, PUT and GET /api/bots", () => {
  it("creates, shows and changes a bot, never sending its secret back", async () => {
    const response = await post(form("Triage"));
    expect(response.statusCode).toBe(201);
    const bot = response.json() as Bot;
    expect(bot).toMatchObject({
      name: "Triage",
      kind: "webhook",
      url,
      secretHint: "••••9876",
      timeoutSeconds: 5,
      keywords: ["atendente", "agent"],
      fallback: { destinationType: "queue", destinationTypeId: queueId },
    });
    expect(JSON.stringify(bot)).not.toContain("a-long-secret");
    expect((await get(bot.id)).json()).toEqual(bot);

    // An edit that leaves the secret empty keeps it; one that gives it changes it.
    const kept = (await put(bot.id, form("Triage", { secret: "", keywords: ["humano", "Humano"], timeoutSeconds: "12" }))).json() as Bot;
    expect(kept).toMatchObject({ secretHint: "••••9876", keywords: ["humano", "Humano"], timeoutSeconds: 12 });
    const changed = (await put(bot.id, form("Triage", { secret: "another-secret-5555" }))).json() as Bot;
    expect(changed.secretHint).toBe("••••5555");
  });

  it("keeps names unique regardless of case", async () => {
    await createBot(t.server, t.admin, url, to("queue", queueId), { name: "Sales bot" });
    await expectError(post(form("SALES BOT")), 409, "ERR_BOT_NAME_EXISTS");
  });

  it("takes a typebot with its public id", async () => {
    const bot = (await post(form("Typebot", { kind: "typebot", url: "http://127.0.0.1:9", typebotId: "my-typebot-x1" }))).json() as Bot;
    expect(bot).toMatchObject({ kind: "typebot", typebotId: "my-typebot-x1" });
  });
});

describe("bots as destinations", () => {
  it("are a destination kind with their items, for admins", async () => {
    const bot = await createBot(t.server, t.admin, url, to("queue", queueId));
    const kinds = (await t.server.request({ method: "GET", url: "/api/destinationtype", token: t.admin })).json() as DestinationType[];
    expect(kinds.map((kind) => kind.id)).toContain("bots");
    const items = (await t.server.request({ method: "GET", url: "/api/destinationtype/bots/items", token: t.admin })).json() as DestinationItem[];
    expect(items).toContainEqual({ id: bot.id, name: bot.name });
  });

  it("cannot be deleted while a connection, a menu or another bot leads to them", async () => {
    const bot = await createBot(t.server, t.admin, url, to("queue", queueId));
    const other = await createBot(t.server, t.admin, url, to("bots", bot.id));
    const menu = await createUra(t.server, t.admin, to("bots", bot.id));
    await connectionTo(t.server, t.admin, to("bots", bot.id));
    const refused = await t.server.request({ method: "DELETE", url: `/api/bots/${bot.id}`, token: t.admin });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { usedBy: { type: string; id: number }[] }).usedBy.map((r) => `${r.type}:${r.id}`)).toEqual(
      expect.arrayContaining([`ura:${menu.id}`, `bot:${other.id}`]),
    );
  });

  it("deleted, moves on the conversations waiting in it, telling the customer", async () => {
    const bot = await createBot(t.server, t.admin, url, to("queue", queueId));
    const menu = await createUra(t.server, t.admin, to("bots", bot.id));
    const connection = await connectionTo(t.server, t.admin, to("uras", menu.id));
    const number = "5511900000111";
    const { ticketId } = await inbound(t.server, connection, { from: { number, name: "Ana" }, body: "hi" });
    await inbound(t.server, connection, { from: { number, name: "Ana" }, body: "1" });
    expect((await conversation(t.server, t.admin, ticketId)).ticket.bot).toEqual({ id: bot.id, name: bot.name });
    const waiting = (await t.server.request({ method: "GET", url: `/api/stages/bots/${bot.id}/waiting`, token: t.admin })).json();
    expect(waiting).toEqual({ count: 1 });

    // The menu points elsewhere now: nothing leads to the bot but the conversation in it.
    await t.server.ctx.db.update(uraItems).set({ destinationType: "queue", destinationId: queueId }).where(eq(uraItems.uraId, menu.id));
    expect((await t.server.request({ method: "DELETE", url: `/api/bots/${bot.id}`, token: t.admin })).statusCode).toBe(200);
    const { ticket, bodies } = await conversation(t.server, t.admin, ticketId);
    expect(ticket).toMatchObject({ status: "pending", bot: null });
    expect(bodies.at(-1)).toMatch(/no longer available/);
  });
});
