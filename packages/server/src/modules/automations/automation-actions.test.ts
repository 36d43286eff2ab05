import type { AutomationBody, Connection } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDeliveries, ticketNotes } from "../../db/schema/index.js";
import { announceAutomationMoments } from "../../jobs/automation-moments.js";
import { createRule, createTag, drainOutbox, runsOf, ticketOf } from "../../test/automation-fixtures.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createQueue, createQuickAnswer } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { conversation } from "../../test/routing-fixtures.js";
import { startReceiver, validSignature } from "../../test/webhook-receiver.js";
import { automationListenerKey } from "./automation-listener.js";

const t = useAdminServer();
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** A connection of its own, so each test's rules (conditioned on it) act on its tickets only. */
async function line(input: { sla?: { firstResponseMinutes: number | null; resolutionMinutes: number | null } } = {}): Promise<Connection> {
  const queue = await createQueue(t.server, t.admin, { greetingMessage: "", ...input });
  return createConnection(t.server, t.admin, { destinationType: "queue", destinationItem: queue.id });
}

function on(connection: Connection, input: Partial<AutomationBody>) {
  return createRule(t.server, t.admin, { ...input, conditions: [{ field: "connectionId", op: "is", value: connection.id }, ...(input.conditions ?? [])] });
}

const notesOf = async (ticketId: number) => (await t.server.ctx.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).map((n) => n.body);

describe("automation rules: when", () => {
  it("keeps no outbox row for an event while no enabled rule has its trigger", async () => {
    const connection = await line();
    await createRule(t.server, t.admin, { trigger: "ticketClosed", enabled: false });
    await inbound(t.server, connection, { body: "no rule hears this" });
    expect(await t.server.ctx.db.select().from(eventDeliveries).where(eq(eventDeliveries.listener, automationListenerKey))).toEqual([]);
  });

  it("keeps no row for a message that no enabled rule's own conditions could match, and one for a message that could", async () => {
    const connection = await line();
    const rule = await on(connection, { conditions: [{ field: "text", op: "contains", value: "reembolso" }] });
    const rows = () => t.server.ctx.db.select().from(eventDeliveries).where(eq(eventDeliveries.listener, automationListenerKey));
    await inbound(t.server, connection, { body: "bom dia" });
    expect(await rows()).toEqual([]);
    await inbound(t.server, connection, { body: "quero um REEMBOLSO" });
    expect(await rows()).toHaveLength(1);
    await drainOutbox(t.server);
    await t.server.request({ method: "DELETE", url: `/api/automations/${rule.id}`, token: t.admin });
  });
});

describe("automation rules: actions, through HTTP", () => {
  it("message received, text contains boleto: tag, queue, note, message and quick answer, in order", async () => {
    const connection = await line();
    const finance = await createQueue(t.server, t.admin, { greetingMessage: "" });
    const tag = await createTag(t.server, t.admin);
    const answer = await createQuickAnswer(t.server, t.admin, { message: "Your invoice is on its way." });
    const rule = await on(connection, {
      conditions: [{ field: "text", op: "contains", value: "BOLETO" }],
      actions: [
        { type: "addTag", tagId: tag.id },
        { type: "assignQueue", queueId: finance.id },
        { type: "addNote", body: "Finance asked" },
        { type: "sendMessage", body: "One moment, please." },
        { type: "sendQuickAnswer", quickAnswerId: answer.id },
      ],
    });
    const other = await inbound(t.server, connection, { body: "bom dia" });
    const { ticketId } = await inbound(t.server, connection, { body: "segunda via do boléto" });
    await drainOutbox(t.server);

    const ticket = await ticketOf(t.server, t.admin, ticketId);
    expect(ticket).toMatchObject({ queueId: finance.id, status: "pending", tags: [{ id: tag.id }] });
    expect(await notesOf(ticketId)).toEqual(["Finance asked"]);
    const { bodies, messages } = await conversation(t.server, t.admin, ticketId);
    expect(bodies).toEqual(["segunda via do boléto", "One moment, please.", "Your invoice is on its way."]);
    expect(messages.slice(1).every((m) => m.mediaType === "chat-automatic" && m.fromMe)).toBe(true);
    expect((await ticketOf(t.server, t.admin, other.ticketId)).tags).toEqual([]);
    expect(await runsOf(t.server, t.admin, rule.id)).toMatchObject([{ trigger: "messageReceived", ticketId, result: "done", error: null }]);
  });

  it("ticket created: assigned to a user; ticket closed: a note on it", async () => {
    const connection = await line();
    const user = await t.server.createUser();
    await on(connection, { trigger: "ticketCreated", actions: [{ type: "assignUser", userId: user.id }] });
    const closedRule = await on(connection, { trigger: "ticketClosed", actions: [{ type: "addNote", body: "Closed, noted" }] });
    const { ticketId } = await inbound(t.server, connection);
    await drainOutbox(t.server);
    expect(await ticketOf(t.server, t.admin, ticketId)).toMatchObject({ status: "open", userId: user.id });

    await t.server.request({ method: "PUT", url: `/api/tickets/${ticketId}`, token: t.admin, payload: { status: "closed" } });
    await drainOutbox(t.server);
    expect(await notesOf(ticketId)).toEqual(["Closed, noted"]);
    expect((await runsOf(t.server, t.admin, closedRule.id))[0]).toMatchObject({ trigger: "ticketClosed", result: "done" });
  });

  it("tag added (by a person): the rule takes it off again; a close action closes", async () => {
    const connection = await line();
    const tag = await createTag(t.server, t.admin);
    await on(connection, { trigger: "tagAdded", actions: [{ type: "removeTag", tagId: tag.id }, { type: "close" }] });
    const { ticketId } = await inbound(t.server, connection);
    const tagged = await t.server.request({ method: "PUT", url: `/api/tickets/${ticketId}/tags`, token: t.admin, payload: { tagIds: [tag.id] } });
    expect(tagged.json().ticket.tags).toHaveLength(1);
    await drainOutbox(t.server);
    expect(await ticketOf(t.server, t.admin, ticketId)).toMatchObject({ tags: [], status: "closed" });
  });

  it("webhook: POSTs the moment signed with the rule's secret; a refusal is logged as failed", async () => {
    const connection = await line();
    const rule = await on(connection, { actions: [{ type: "webhook", url: receiver.url }] });
    const before = receiver.received.length;
    const { ticketId, messageId } = await inbound(t.server, connection, { body: "call the hook" });
    await drainOutbox(t.server);
    const [post] = receiver.received.slice(before);
    expect(post!.headers["x-atendo-event"]).toBe("automation");
    expect(validSignature(rule.webhookSecret, post!.rawBody, post!.headers["x-atendo-signature"])).toBe(true);
    expect(JSON.parse(post!.rawBody)).toMatchObject({ event: "automation", rule: { id: rule.id }, trigger: "messageReceived", ticket: { id: ticketId }, messageId, text: "call the hook" });

    receiver.answerWith(() => ({ status: 500 }));
    await inbound(t.server, connection, { body: "again" });
    await drainOutbox(t.server);
    receiver.answerWith(() => ({ status: 200 }));
    expect((await runsOf(t.server, t.admin, rule.id))[0]).toMatchObject({ result: "failed", error: "webhook answered HTTP 500" });
  });

  it("a disabled rule does nothing; a failed action stops the rule's later ones and is logged", async () => {
    const connection = await line();
    const tag = await createTag(t.server, t.admin);
    const off = await on(connection, { enabled: false, actions: [{ type: "addTag", tagId: tag.id }] });
    const queue = await createQueue(t.server, t.admin);
    const failing = await on(connection, { actions: [{ type: "assignQueue", queueId: queue.id }, { type: "addNote", body: "after" }] });
    await t.server.request({ method: "DELETE", url: `/api/queue/${queue.id}`, token: t.admin });
    const { ticketId } = await inbound(t.server, connection);
    await drainOutbox(t.server);
    expect(await runsOf(t.server, t.admin, off.id)).toEqual([]);
    expect((await runsOf(t.server, t.admin, failing.id))[0]).toMatchObject({ result: "failed", error: "ERR_NO_QUEUE_FOUND" });
    expect(await notesOf(ticketId)).toEqual([]);
  });
});

describe("automation rules: loop guard", () => {
  it("a tagAdded rule that adds its tag again stops after 3 levels and logs the refusal", async () => {
    const connection = await line();
    const tag = await createTag(t.server, t.admin);
    const rule = await on(connection, { trigger: "tagAdded", actions: [{ type: "removeTag", tagId: tag.id }, { type: "addTag", tagId: tag.id }] });
    const { ticketId } = await inbound(t.server, connection);
    await t.server.request({ method: "PUT", url: `/api/tickets/${ticketId}/tags`, token: t.admin, payload: { tagIds: [tag.id] } });
    await drainOutbox(t.server);
    const runs = await runsOf(t.server, t.admin, rule.id);
    // The person's tag (depth 0), then the rule's own three times (1, 2, 3); the fourth is refused.
    expect(runs.map((run) => run.result)).toEqual(["loopGuard", "done", "done", "done", "done"]);
    expect((await ticketOf(t.server, t.admin, ticketId)).tags).toMatchObject([{ id: tag.id }]);
  });
});

describe("automation rules: periodic moments", () => {
  it("ticket idle: announced once per idle period, again after new activity", async () => {
    const connection = await line();
    const rule = await on(connection, { trigger: "ticketIdle", idleMinutes: 5, actions: [{ type: "addNote", body: "Idle" }] });
    const other = await on(connection, { trigger: "ticketIdle", idleMinutes: 500, actions: [{ type: "addNote", body: "Very idle" }] });
    const { ticketId } = await inbound(t.server, connection);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await announceAutomationMoments(t.server.ctx, later(1))).toBe(0);
    expect(await announceAutomationMoments(t.server.ctx, later(6))).toBeGreaterThanOrEqual(1);
    expect(await announceAutomationMoments(t.server.ctx, later(7))).toBe(0);
    await drainOutbox(t.server);
    expect(await notesOf(ticketId)).toEqual(["Idle"]);
    expect(await runsOf(t.server, t.admin, other.id)).toEqual([]);

    await inbound(t.server, connection, { from: { number: (await ticketOf(t.server, t.admin, ticketId)).contact.number, name: "Customer" }, body: "still there?" });
    await drainOutbox(t.server);
    expect(await announceAutomationMoments(t.server.ctx, later(20))).toBeGreaterThanOrEqual(1);
    await drainOutbox(t.server);
    expect((await runsOf(t.server, t.admin, rule.id)).filter((run) => run.ticketId === ticketId)).toHaveLength(2);
    // Every ticket of this file is idle by now: the rules go, so the next test counts its own moments.
    for (const id of [rule.id, other.id]) await t.server.request({ method: "DELETE", url: `/api/automations/${id}`, token: t.admin });
  });

  it("SLA at risk: announced once when 80 % of the first response target has passed", async () => {
    const connection = await line({ sla: { firstResponseMinutes: 10, resolutionMinutes: null } });
    const rule = await on(connection, { trigger: "slaAtRisk", actions: [{ type: "addNote", body: "Hurry" }] });
    const { ticketId } = await inbound(t.server, connection);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await announceAutomationMoments(t.server.ctx, later(7))).toBe(0);
    expect(await announceAutomationMoments(t.server.ctx, later(8.5))).toBeGreaterThanOrEqual(1);
    expect(await announceAutomationMoments(t.server.ctx, later(9))).toBe(0);
    await drainOutbox(t.server);
    expect(await notesOf(ticketId)).toEqual(["Hurry"]);
    expect(await runsOf(t.server, t.admin, rule.id)).toMatchObject([{ trigger: "slaAtRisk", ticketId, result: "done" }]);
  });
});
