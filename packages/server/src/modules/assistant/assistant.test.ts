import type { About, AssistantStatus, AssistResponse } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assistantUses, messages } from "../../db/schema/index.js";
import { AiChatFake } from "../../test/fakes/ai-chat-fake.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { seedTeam, seedTicket, type SeedTicket, type Team } from "../../test/ticket-fixtures.js";

const fake = new AiChatFake();
let server: TestServer;
let admin: string;
let team: Team;

beforeAll(async () => {
  await fake.start();
  server = await createTestServer({ AI_API_URL: fake.baseUrl, AI_API_KEY: fake.key, AI_MODEL: "fake-model", AI_TIMEOUT_SECONDS: "0.5" });
  admin = await server.adminToken();
  team = await seedTeam(server, admin);
});
afterAll(async () => {
  await server.close();
  await fake.stop();
});
beforeEach(() => {
  fake.mode = "answer";
  fake.requests.length = 0;
});

const seed = (input: Omit<SeedTicket, "connectionId">) => seedTicket(server, { connectionId: team.connection.id, ...input });
const assist = (token: string | undefined, ticketId: number, payload: object, on: TestServer = server) =>
  on.request({ method: "POST", url: `/api/tickets/${ticketId}/assist`, token, payload });

async function answered(token: string, ticketId: number, payload: object): Promise<string> {
  const response = await assist(token, ticketId, payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AssistResponse).text;
}

const usesOf = (ticketId: number) => server.ctx.db.select().from(assistantUses).where(eq(assistantUses.ticketId, ticketId)).orderBy(assistantUses.id);

describe("the assistant: who may use it", () => {
  it("refuses anonymous callers", async () => {
    await expectRefused(
      server,
      [
        { method: "GET", url: "/api/assistant" },
        { method: "POST", url: "/api/tickets/1/assist", payload: { action: "summarize" } },
      ],
      anonymous,
      401,
      "ERR_SESSION_EXPIRED",
    );
  });

  it("refuses an attendant who may not see the ticket as opening it does, and a missing ticket; sends nothing", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, messages: ["secret"] });
    const opening = await server.request({ method: "GET", url: `/api/messages/${id}`, token: team.bob.token });
    await expectError(assist(team.bob.token, id, { action: "summarize" }), opening.statusCode, opening.json().error);
    await expectError(assist(team.bob.token, id, { action: "summarize" }), 403, "ERR_NO_PERMISSION");
    await expectError(assist(team.alice.token, 999_999, { action: "summarize" }), 404, "ERR_NO_TICKET_FOUND");
    expect(fake.requests).toEqual([]);
  });

  it("refuses malformed bodies and texts over the limit", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id });
    for (const payload of [
      {},
      { action: "poem" },
      { action: "translate" },
      { action: "improve", text: "   " },
      { action: "improve", text: 42 },
      { action: "translate", text: "x".repeat(limits.assistant.textMax + 1) },
      { action: "summarize", language: "fr" },
    ]) {
      await expectError(assist(team.alice.token, id, payload), 400, "ERR_MISSING_VALUES");
    }
    expect(fake.requests).toEqual([]);
  });

  it("is off for a queue its admin turned off: the status names it and the route refuses", async () => {
    const queue = await server.request({ method: "POST", url: "/api/queue", token: admin, payload: { name: "No AI", color: "#123456", userIds: [team.alice.id], assistantEnabled: false } });
    expect(queue.statusCode, queue.body).toBe(201);
    const queueId = (queue.json() as { id: number; assistantEnabled: boolean }).id;
    expect(queue.json().assistantEnabled).toBe(false);
    const status = (await server.request({ method: "GET", url: "/api/assistant", token: team.alice.token })).json() as AssistantStatus;
    expect(status).toEqual({ enabled: true, offQueueIds: [queueId] });
    const id = await seed({ status: "open", userId: team.alice.id, queueId, messages: ["hi"] });
    await expectError(assist(team.alice.token, id, { action: "summarize" }), 404, "ERR_ASSISTANT_OFF");
    await expectError(assist(admin, id, { action: "improve", text: "ok" }), 404, "ERR_ASSISTANT_OFF");
    expect(fake.requests).toEqual([]);
    // Turned on again, it answers.
    const put = await server.request({ method: "PUT", url: `/api/queue/${queueId}`, token: admin, payload: { assistantEnabled: true } });
    expect(put.json().assistantEnabled).toBe(true);
    expect(await answered(team.alice.token, id, { action: "summarize" })).toContain("Customer: hi");
  });

  it("is off without AI_API_URL, AI_API_KEY and AI_MODEL", async () => {
    const off = await createTestServer({ AI_API_URL: fake.baseUrl, AI_API_KEY: fake.key });
    try {
      const token = await off.adminToken();
      expect((await off.request({ method: "GET", url: "/api/assistant", token })).json()).toEqual({ enabled: false, offQueueIds: [] });
      expect(((await off.request({ method: "GET", url: "/api/about", token })).json() as About).assistant).toEqual({ enabled: false, usesLast30Days: 0 });
      await expectError(assist(token, 1, { action: "summarize" }, off), 404, "ERR_ASSISTANT_OFF");
      expect(fake.requests).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe("the assistant: what it sends and answers", () => {
  it("summarises only that ticket's visible conversation: no private note, no deleted message, no other ticket", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, messages: ["My order 123 is late", "Can you check?"] });
    await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, messages: ["OTHER TICKET"] });
    await server.ctx.db.insert(messages).values([
      { ticketId: id, connectionId: team.connection.id, body: "Let me look", fromMe: true },
      { ticketId: id, connectionId: team.connection.id, body: "DELETED LINE", fromMe: true, isDeleted: true },
    ]);
    const note = await server.request({ method: "POST", url: `/api/tickets/${id}/notes`, token: team.alice.token, payload: { body: "PRIVATE NOTE" } });
    expect(note.statusCode).toBe(201);
    const text = await answered(team.alice.token, id, { action: "summarize", language: "pt" });
    const transcript = "Customer: My order 123 is late\nCustomer: Can you check?\nAttendant: Let me look";
    expect(text).toBe(AiChatFake.answerTo("fake-model", transcript));
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.model).toBe("fake-model");
    expect(request!.authorization).toBe(`Bearer ${fake.key}`);
    expect(request!.messages[0]).toMatchObject({ role: "system" });
    expect(request!.messages[0]!.content).toContain("Summarise");
    expect(request!.messages[0]!.content).toContain("Portuguese");
    expect(request!.messages[1]).toEqual({ role: "user", content: transcript });
    expect(JSON.stringify(fake.requests)).not.toMatch(/PRIVATE NOTE|DELETED LINE|OTHER TICKET/);
  });

  it("suggests a reply from the newest messages, bounded in count", async () => {
    const lines = Array.from({ length: limits.assistant.messagesMax + 5 }, (_, n) => `line ${n}`);
    const id = await seed({ status: "pending", queueId: team.queueA.id, messages: lines });
    // A queue member sees a pending ticket of the queue, and may ask.
    await answered(team.alice.token, id, { action: "suggestReply" });
    const sent = fake.requests[0]!.messages[1]!.content.split("\n");
    expect(sent).toHaveLength(limits.assistant.messagesMax);
    expect(sent.at(0)).toBe("Customer: line 5");
    expect(sent.at(-1)).toBe(`Customer: line ${lines.length - 1}`);
    expect(fake.requests[0]!.messages[0]!.content).toContain("next reply");
  });

  it("translates the given text into the user's language and improves a draft, sending only that text", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, messages: ["Hola, necesito ayuda"] });
    expect(await answered(team.alice.token, id, { action: "translate", text: "Hola, necesito ayuda", language: "en" })).toBe(
      AiChatFake.answerTo("fake-model", "Hola, necesito ayuda"),
    );
    expect(fake.requests[0]!.messages[0]!.content).toContain("into English");
    expect(await answered(admin, id, { action: "improve", text: "  wait pls  " })).toBe(AiChatFake.answerTo("fake-model", "wait pls"));
    expect(fake.requests[1]!.messages).toEqual([expect.objectContaining({ role: "system" }), { role: "user", content: "wait pls" }]);
  });

  it("answers ERR_ASSISTANT_UNAVAILABLE, never a 500, when the AI server fails, times out, refuses the key or answers nonsense", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, messages: ["hello"] });
    for (const mode of ["error", "malformed", "timeout"] as const) {
      fake.mode = mode;
      await expectError(assist(team.alice.token, id, { action: "summarize" }), 502, "ERR_ASSISTANT_UNAVAILABLE");
    }
    fake.mode = "answer";
    const wrongKey = await createTestServer({ AI_API_URL: fake.baseUrl, AI_API_KEY: "not-the-key", AI_MODEL: "fake-model" });
    try {
      const token = await wrongKey.adminToken();
      const team2 = await seedTeam(wrongKey, token);
      const other = await seedTicket(wrongKey, { connectionId: team2.connection.id, status: "pending", messages: ["hi"] });
      await expectError(assist(token, other, { action: "summarize" }, wrongKey), 502, "ERR_ASSISTANT_UNAVAILABLE");
    } finally {
      await wrongKey.close();
    }
    const unreachable = await createTestServer({ AI_API_URL: "http://127.0.0.1:9/v1", AI_API_KEY: "k", AI_MODEL: "m" });
    try {
      const token = await unreachable.adminToken();
      const team3 = await seedTeam(unreachable, token);
      const other = await seedTicket(unreachable, { connectionId: team3.connection.id, status: "pending", messages: ["hi"] });
      await expectError(assist(token, other, { action: "summarize" }, unreachable), 502, "ERR_ASSISTANT_UNAVAILABLE");
    } finally {
      await unreachable.close();
    }
    expect((await usesOf(id)).map((use) => use.ok)).toEqual([false, false, false]);
  });

  it("records each use: who, which ticket, which action, whether answered, the tokens", async () => {
    const id = await seed({ status: "open", userId: team.alice.id, queueId: team.queueA.id, messages: ["hello"] });
    await answered(team.alice.token, id, { action: "summarize" });
    await answered(team.alice.token, id, { action: "improve", text: "hi" });
    fake.mode = "error";
    await assist(admin, id, { action: "suggestReply" });
    const uses = await usesOf(id);
    expect(uses.map(({ userId, action, ok, tokens }) => ({ userId, action, ok, tokens }))).toEqual([
      { userId: team.alice.id, action: "summarize", ok: true, tokens: 15 },
      { userId: team.alice.id, action: "improve", ok: true, tokens: 15 },
      { userId: uses[2]!.userId, action: "suggestReply", ok: false, tokens: null },
    ]);
    expect(uses[2]!.userId).not.toBe(team.alice.id);
    expect(uses.every((use) => use.createdAt instanceof Date)).toBe(true);
    // Admins read how often it was used on the About page (the count of every ticket's uses).
    const about = (await server.request({ method: "GET", url: "/api/about", token: admin })).json() as About;
    expect(about.assistant.enabled).toBe(true);
    expect(about.assistant.usesLast30Days).toBe((await server.ctx.db.select().from(assistantUses)).length);
    expect(about.assistant.usesLast30Days).toBeGreaterThanOrEqual(3);
  });
});
