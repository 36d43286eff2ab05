import type { AutomationDryRun, AutomationRule } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { createRule, createTag, ruleBody } from "../../test/automation-fixtures.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue, createQuickAnswer } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { anonymous, expectError, expectRefused, resourceCalls } from "../../test/route-guards.js";

const t = useAdminServer();

const post = (payload: object, url = "/api/automations") => t.server.request({ method: "POST", url, token: t.admin, payload });
const put = (id: number, payload: object) => t.server.request({ method: "PUT", url: `/api/automations/${id}`, token: t.admin, payload });
const list = async () => (await t.server.request({ method: "GET", url: "/api/automations", token: t.admin })).json() as AutomationRule[];

describe("automation routes: guards", () => {
  const calls = () => [
    ...resourceCalls("/api/automations", { create: ruleBody(), update: ruleBody() }),
    { method: "GET", url: "/api/automations/1/runs" } as const,
    { method: "POST", url: "/api/automations/dry-run", payload: ruleBody() } as const,
  ];

  it("reject anonymous users on every route", async () => {
    await expectRefused(t.server, calls(), anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("reject attendants on every route (an admin screen)", async () => {
    await createRule(t.server, t.admin);
    const attendant = await t.server.createUser();
    await expectRefused(t.server, calls(), attendant.token, 403, "ERR_NO_PERMISSION");
  });

  it("answer ERR_NO_AUTOMATION_FOUND for a missing id", async () => {
    const url = "/api/automations/999999";
    const missing = [
      { method: "GET", url },
      { method: "PUT", url, payload: ruleBody() },
      { method: "DELETE", url },
      { method: "GET", url: `${url}/runs` },
    ] as const;
    await expectRefused(t.server, missing, t.admin, 404, "ERR_NO_AUTOMATION_FOUND");
  });

  it("refuse malformed and extreme bodies", async () => {
    const bad = [
      {},
      ruleBody({ name: "" }),
      ruleBody({ name: "x".repeat(51) }),
      { ...ruleBody(), trigger: "whenever" },
      ruleBody({ actions: [] }),
      ruleBody({ actions: Array.from({ length: 11 }, () => ({ type: "close" as const })) }),
      ruleBody({ conditions: Array.from({ length: 11 }, () => ({ field: "weekday" as const, op: "is" as const, value: 1 })) }),
      { ...ruleBody(), conditions: [{ field: "weekday", op: "contains", value: 1 }] },
      { ...ruleBody(), conditions: [{ field: "weekday", op: "is", value: 7 }] },
      { ...ruleBody(), conditions: [{ field: "queueId", op: "is", value: -1 }] },
      { ...ruleBody(), conditions: [{ field: "queueId", op: "is", value: 2 ** 40 }] },
      { ...ruleBody(), conditions: [{ field: "color", op: "is", value: "red" }] },
      { ...ruleBody(), actions: [{ type: "explode" }] },
      { ...ruleBody(), actions: [{ type: "webhook", url: "ftp://example.com/x" }] },
      { ...ruleBody(), actions: [{ type: "sendMessage", body: "x".repeat(5000) }] },
      ruleBody({ trigger: "ticketIdle" }),
      ruleBody({ trigger: "ticketIdle", idleMinutes: 0 }),
      ruleBody({ trigger: "ticketIdle", idleMinutes: 10_081 }),
    ];
    for (const payload of bad) {
      await expectError(post(payload), 400, "ERR_MISSING_VALUES");
      await expectError(post(payload, "/api/automations/dry-run"), 400, "ERR_MISSING_VALUES");
    }
    await expectError(t.server.request({ method: "GET", url: "/api/automations/abc/runs", token: t.admin }), 400, "ERR_MISSING_VALUES");
  });

  it("refuse a regex bomb, a bad pattern and an over-long one with ERR_AUTOMATION_PATTERN", async () => {
    for (const value of ["(a+)+$", "(x|xx)*y", "([", "a".repeat(101), "a+a+b"]) {
      const payload = ruleBody({ conditions: [{ field: "text", op: "matches", value }] });
      await expectError(post(payload), 400, "ERR_AUTOMATION_PATTERN");
      await expectError(post(payload, "/api/automations/dry-run"), 400, "ERR_AUTOMATION_PATTERN");
    }
  });

  it("refuse ids that do not exist, each with its code", async () => {
    const cases = [
      [{ conditions: [{ field: "queueId", op: "is", value: 999_999 }] }, "ERR_NO_QUEUE_FOUND"],
      [{ actions: [{ type: "assignQueue", queueId: 999_999 }] }, "ERR_NO_QUEUE_FOUND"],
      [{ conditions: [{ field: "connectionId", op: "is", value: 999_999 }] }, "ERR_NO_WAPP_FOUND"],
      [{ conditions: [{ field: "contactTagId", op: "isNot", value: 999_999 }] }, "ERR_NO_TAG_FOUND"],
      [{ actions: [{ type: "addTag", tagId: 999_999 }] }, "ERR_NO_TAG_FOUND"],
      [{ actions: [{ type: "removeTag", tagId: 999_999 }] }, "ERR_NO_TAG_FOUND"],
      [{ actions: [{ type: "assignUser", userId: 999_999 }] }, "ERR_NO_USER_FOUND"],
      [{ actions: [{ type: "sendQuickAnswer", quickAnswerId: 999_999 }] }, "ERR_NO_QUICK_ANSWER_FOUND"],
    ] as const;
    const rule = await createRule(t.server, t.admin);
    for (const [input, code] of cases) {
      await expectError(post(ruleBody(input as never)), 404, code);
      await expectError(put(rule.id, ruleBody(input as never)), 404, code);
    }
  });

  it("refuse a webhook on a private network unless the server allows it", async () => {
    const { createTestServer } = await import("../../test/harness.js");
    const strict = await createTestServer({ WEBHOOK_ALLOW_PRIVATE: "false" });
    try {
      const response = await strict.request({
        method: "POST",
        url: "/api/automations",
        token: await strict.adminToken(),
        payload: ruleBody({ actions: [{ type: "webhook", url: "http://127.0.0.1:9/hook" }] }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("ERR_WEBHOOK_URL_NOT_ALLOWED");
    } finally {
      await strict.close();
    }
  });
});

describe("POST, PUT, GET and DELETE /api/automations", () => {
  it("creates a rule with every kind of action and condition, shows, changes and deletes it", async () => {
    const queue = await createQueue(t.server, t.admin);
    const tag = await createTag(t.server, t.admin);
    const answer = await createQuickAnswer(t.server, t.admin);
    const user = await t.server.createUser();
    const body = ruleBody({
      name: "Everything",
      conditions: [
        { field: "queueId", op: "is", value: queue.id },
        { field: "contactTagId", op: "isNot", value: tag.id },
        { field: "channelKind", op: "is", value: "api" },
        { field: "text", op: "matches", value: "bol[eé]to" },
        { field: "withinHours", op: "is", value: true },
        { field: "weekday", op: "isNot", value: 0 },
      ],
      actions: [
        { type: "assignQueue", queueId: queue.id },
        { type: "assignUser", userId: user.id },
        { type: "addTag", tagId: tag.id },
        { type: "removeTag", tagId: tag.id },
        { type: "sendMessage", body: "Hello" },
        { type: "sendQuickAnswer", quickAnswerId: answer.id },
        { type: "addNote", body: "Note" },
        { type: "close" },
        { type: "webhook", url: "https://example.com/hook" },
      ],
    });
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const rule = response.json() as AutomationRule;
    expect(rule).toMatchObject({ name: "Everything", enabled: true, trigger: "messageReceived", idleMinutes: null, conditions: body.conditions, actions: body.actions });
    expect(rule.webhookSecret).toMatch(/^[0-9a-f]{48}$/);
    expect((await t.server.request({ method: "GET", url: `/api/automations/${rule.id}`, token: t.admin })).json()).toEqual(rule);

    const changed = (await put(rule.id, ruleBody({ name: "Idle", enabled: false, trigger: "ticketIdle", idleMinutes: 30 }))).json() as AutomationRule;
    expect(changed).toMatchObject({ name: "Idle", enabled: false, trigger: "ticketIdle", idleMinutes: 30, webhookSecret: rule.webhookSecret });
    const notIdle = (await put(rule.id, ruleBody({ trigger: "ticketClosed", idleMinutes: 30 }))).json() as AutomationRule;
    expect(notIdle.idleMinutes).toBeNull();

    expect((await t.server.request({ method: "DELETE", url: `/api/automations/${rule.id}`, token: t.admin })).json()).toEqual({ ok: true });
    expect((await list()).some((r) => r.id === rule.id)).toBe(false);
  });

  it("keeps rules in order: new ones last, a position moves one and renumbers the others", async () => {
    const [a, b, c] = [await createRule(t.server, t.admin), await createRule(t.server, t.admin), await createRule(t.server, t.admin)];
    const ids = () => list().then((rules) => rules.map((r) => r.id).filter((id) => [a.id, b.id, c.id].includes(id)));
    expect(await ids()).toEqual([a.id, b.id, c.id]);
    await put(c.id, ruleBody({ name: c.name, position: 0 }));
    expect(await ids()).toEqual([c.id, a.id, b.id]);
    await put(c.id, ruleBody({ name: c.name, position: 10_000 }));
    expect(await ids()).toEqual([a.id, b.id, c.id]);
    const positions = (await list()).map((r) => r.position);
    expect(positions).toEqual(positions.map((_, i) => i));
  });
});

describe("POST /api/automations/dry-run", () => {
  it("shows which of the last messages the rule would have acted on, and writes nothing", async () => {
    const queue = await createQueue(t.server, t.admin, { greetingMessage: "" });
    const tag = await createTag(t.server, t.admin);
    const connection = await createConnection(t.server, t.admin, { destinationType: "queue", destinationItem: queue.id });
    const boleto = await inbound(t.server, connection, { body: "Segunda via do BOLETO" });
    const other = await inbound(t.server, connection, { body: "Bom dia" });
    const actions = [{ type: "addTag" as const, tagId: tag.id }];
    const response = await post(ruleBody({ conditions: [{ field: "text", op: "contains", value: "boléto" }], actions }), "/api/automations/dry-run");
    expect(response.statusCode).toBe(200);
    const run = response.json() as AutomationDryRun;
    expect(run.trigger).toBe("messageReceived");
    expect(run.items.length).toBeLessThanOrEqual(50);
    expect(run.items.find((item) => item.ticketId === boleto.ticketId && item.text === "Segunda via do BOLETO")).toMatchObject({ matched: true, actions });
    expect(run.items.find((item) => item.ticketId === other.ticketId)).toMatchObject({ matched: false, actions: [] });
    const ticket = (await t.server.request({ method: "GET", url: `/api/tickets/${boleto.ticketId}`, token: t.admin })).json().ticket;
    expect(ticket.tags).toEqual([]);
  });

  it("replays tickets created and closed for those triggers", async () => {
    const queue = await createQueue(t.server, t.admin, { greetingMessage: "" });
    const connection = await createConnection(t.server, t.admin, { destinationType: "queue", destinationItem: queue.id });
    const { ticketId } = await inbound(t.server, connection);
    const created = (await post(ruleBody({ trigger: "ticketCreated", conditions: [{ field: "queueId", op: "is", value: queue.id }] }), "/api/automations/dry-run")).json() as AutomationDryRun;
    expect(created.items.find((item) => item.ticketId === ticketId)).toMatchObject({ matched: true });
    await t.server.request({ method: "PUT", url: `/api/tickets/${ticketId}`, token: t.admin, payload: { status: "closed" } });
    const closed = (await post(ruleBody({ trigger: "ticketClosed" }), "/api/automations/dry-run")).json() as AutomationDryRun;
    expect(closed.items[0]).toMatchObject({ ticketId, matched: true });
  });
});
