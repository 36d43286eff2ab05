import { limits, surveyScoreOf, type Connection, type ConnectionSurveyInput, type Message, type Ticket } from "@atendo/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestInbound } from "../../channels/pipeline/ingest.js";
import type { Database } from "../../db/client.js";
import { eventDeliveries, tickets } from "../../db/schema/index.js";
import { closeIdleTickets } from "../../jobs/auto-close.js";
import { createConnection, inbound, postInbound, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";
import { conversation } from "../../test/routing-fixtures.js";
import { openTestDatabase } from "../../test/test-database.js";
import { putTicket, sqlRows } from "../../test/ticket-fixtures.js";
import { customerText } from "../routing/customer-texts.js";
import { awaitingSurvey } from "./survey-answer.js";
import { surveyListenerKey } from "./survey-listener.js";

let server: TestServer;
let admin: string;
let queueId: number;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  queueId = (await createQueue(server, admin, { name: "Survey Queue", greetingMessage: "" })).id;
});
afterAll(() => server.close());

const question = customerText("en", "surveyQuestion");
const thanks = customerText("en", "surveyThanks");
const askForComment = customerText("en", "surveyComment");

function surveyed(survey: ConnectionSurveyInput | undefined, extra: object = {}): Promise<Connection> {
  return createConnection(server, admin, { destinationType: "queue", destinationItem: queueId, ...(survey ? { survey } : {}), ...extra });
}

/** A customer of `connection`: writes (the API channel, as an integration or the simulator does). */
function customer(connection: Connection, on: TestServer = server) {
  const number = uniqueNumber();
  return {
    number,
    say: (body: string, externalId = uniqueExternalId()) => inbound(on, connection, { from: { number, name: "Customer" }, body, externalId }),
  };
}

/** The survey listener's pending deliveries run now (the outbox is not started in tests: each test runs it when it wants). */
async function runListeners(on: TestServer = server): Promise<void> {
  while ((await on.ctx.eventOutbox.runOnce()) > 0);
  await on.ctx.events.settled();
}

/** A conversation accepted and then closed by the admin; the survey listener has run. */
async function closedByPerson(connection: Connection) {
  const who = customer(connection);
  const { ticketId } = await who.say("my order is late");
  expect((await putTicket(server, admin, ticketId, { status: "open", action: "assigned" })).statusCode).toBe(200);
  expect((await putTicket(server, admin, ticketId, { status: "closed" })).statusCode).toBe(200);
  await runListeners();
  return { ...who, ticketId };
}

const automaticBodies = (messages: readonly Message[]) => messages.filter((m) => m.mediaType === "chat-automatic").map((m) => m.body);

describe("survey settings (connection routes)", () => {
  it("defaults to off, keeps what the admin sets, and fills the defaults", async () => {
    const plain = await surveyed(undefined);
    expect(plain.survey).toEqual({ enabled: false, question: "", askComment: false, windowHours: 24, onAutoClose: false });
    const on = await surveyed({ enabled: true, question: "  Rate us 1-5  " });
    expect(on.survey).toEqual({ enabled: true, question: "Rate us 1-5", askComment: false, windowHours: limits.surveyWindowHours.default, onAutoClose: false });
    const put = await server.request({ method: "PUT", url: `/api/whatsapp/${on.id}`, token: admin, payload: { survey: { enabled: true, askComment: true, windowHours: 48 } } });
    expect(put.statusCode).toBe(200);
    expect(put.json().survey).toEqual({ enabled: true, question: "", askComment: true, windowHours: 48, onAutoClose: false });
    const read = await server.request({ method: "GET", url: `/api/whatsapp/${on.id}`, token: admin });
    expect(read.json().survey).toMatchObject({ askComment: true, windowHours: 48 });
  });

  it("refuses a window out of its limits, a question too long and a survey without `enabled`", async () => {
    const bodies = [
      { enabled: true, windowHours: 0 },
      { enabled: true, windowHours: limits.surveyWindowHours.max + 1 },
      { enabled: true, windowHours: 1.5 },
      { enabled: true, question: "x".repeat(limits.surveyQuestionMax + 1) },
      { question: "Rate us" },
    ];
    const connection = await surveyed(undefined);
    for (const survey of bodies) {
      const created = await server.request({ method: "POST", url: "/api/whatsapp", token: admin, payload: { name: "Bad survey", kind: "api", destinationType: "queue", destinationItem: queueId, survey } });
      expect(created.statusCode, JSON.stringify(survey)).toBe(400);
      const updated = await server.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: admin, payload: { survey } });
      expect(updated.statusCode, JSON.stringify(survey)).toBe(400);
    }
  });

  it("is an admin's setting: anonymous callers and attendants are refused", async () => {
    const connection = await surveyed(undefined);
    const calls = [{ method: "PUT" as const, url: `/api/whatsapp/${connection.id}`, payload: { survey: { enabled: true } } }];
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    const attendant = await server.createUser();
    await expectRefused(server, calls, attendant.token, 403, "ERR_NO_PERMISSION");
    const read = await server.request({ method: "GET", url: `/api/whatsapp/${connection.id}`, token: admin });
    expect(read.json().survey.enabled).toBe(false);
  });
});

describe("the answer's score", () => {
  it("is a digit from 1 to 5, alone, with spaces or punctuation around it", () => {
    expect(["4", " 5 ", "3!", "(2)", "1.", "*5*", "👍 4"].map(surveyScoreOf)).toEqual([4, 5, 3, 2, 1, 5, 4]);
    expect(["0", "6", "10", "45", "4 stars", "five", "3 4", "", "4/5"].map(surveyScoreOf)).toEqual([null, null, null, null, null, null, null, null, null]);
  });
});

describe("the satisfaction survey", () => {
  it("a ticket closed by a person gets the question; a valid answer rates it, keeps it closed and opens nothing", async () => {
    const connection = await surveyed({ enabled: true });
    const { ticketId, say } = await closedByPerson(connection);
    const sent = await conversation(server, admin, ticketId);
    expect(automaticBodies(sent.messages)).toEqual([question]);

    const answer = await say(" 4! ");
    expect(answer.ticketId).toBe(ticketId);
    const { ticket, messages } = await conversation(server, admin, ticketId);
    expect(ticket.status).toBe("closed");
    expect(ticket.rating).toMatchObject({ score: 4, comment: null });
    expect(automaticBodies(messages)).toEqual([question, thanks]);
    // The survey is answered: the next message is a new conversation, as usual.
    const next = await say("one more question");
    expect(next.ticketId).not.toBe(ticketId);
    expect((await conversation(server, admin, next.ticketId)).ticket.status).toBe("pending");
  });

  it("uses the connection's own question when it has one, and the customer's close code also sends it", async () => {
    const connection = await surveyed({ enabled: true, question: "From 1 to 5, how did we do?" }, { canCloseTicketByMessage: true, closeCode: "#" });
    const { ticketId } = await closedByPerson(connection);
    expect(automaticBodies((await conversation(server, admin, ticketId)).messages)).toEqual(["From 1 to 5, how did we do?"]);

    const who = customer(connection);
    const opened = await who.say("hello");
    await who.say("#");
    await runListeners();
    const { ticket, messages } = await conversation(server, admin, opened.ticketId);
    expect(ticket.status).toBe("closed");
    expect(automaticBodies(messages)).toEqual(["From 1 to 5, how did we do?"]);
    expect((await who.say("5")).ticketId).toBe(opened.ticketId);
    expect((await conversation(server, admin, opened.ticketId)).ticket.rating?.score).toBe(5);
  });

  it("past the window, an answer opens a ticket as usual and the old one stays unrated", async () => {
    const connection = await surveyed({ enabled: true, windowHours: 1 });
    const { ticketId, say } = await closedByPerson(connection);
    // The hour has passed.
    await server.ctx.db.update(tickets).set({ surveyExpiresAt: new Date(Date.now() - 1000) }).where(eq(tickets.id, ticketId));
    const late = await say("5");
    expect(late.ticketId).not.toBe(ticketId);
    expect((await conversation(server, admin, ticketId)).ticket.rating).toBeNull();
    expect((await conversation(server, admin, late.ticketId)).ticket).toMatchObject({ status: "pending", rating: null });
  });

  it("a message that is not a score opens a ticket as usual, and the survey stops waiting", async () => {
    const connection = await surveyed({ enabled: true });
    const { ticketId, say } = await closedByPerson(connection);
    const other = await say("I have another question");
    expect(other.ticketId).not.toBe(ticketId);
    // Closed again without a survey of its own (the connection's survey is off now), a score is an ordinary message.
    await server.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: admin, payload: { survey: { enabled: false } } });
    expect((await putTicket(server, admin, other.ticketId, { status: "closed" })).statusCode).toBe(200);
    await runListeners();
    const later = await say("5");
    expect(later.ticketId).not.toBe(ticketId);
    expect(later.ticketId).not.toBe(other.ticketId);
    expect((await conversation(server, admin, ticketId)).ticket.rating).toBeNull();
  });

  it("after a low score, asks for a comment and keeps the next message as it; a good score is only thanked", async () => {
    const connection = await surveyed({ enabled: true, askComment: true });
    const low = await closedByPerson(connection);
    expect((await low.say("2")).ticketId).toBe(low.ticketId);
    expect(automaticBodies((await conversation(server, admin, low.ticketId)).messages)).toEqual([question, askForComment]);
    expect((await low.say("The wait was far too long")).ticketId).toBe(low.ticketId);
    const { ticket, messages } = await conversation(server, admin, low.ticketId);
    expect(ticket).toMatchObject({ status: "closed", rating: { score: 2, comment: "The wait was far too long" } });
    expect(automaticBodies(messages)).toEqual([question, askForComment, thanks]);
    expect((await low.say("hello again")).ticketId).not.toBe(low.ticketId);

    const high = await closedByPerson(connection);
    await high.say("5");
    expect(automaticBodies((await conversation(server, admin, high.ticketId)).messages)).toEqual([question, thanks]);
    expect((await high.say("thanks!")).ticketId).not.toBe(high.ticketId);
  });

  it("a redelivered answer is recorded once: the score is not taken again as the comment", async () => {
    const connection = await surveyed({ enabled: true, askComment: true });
    const { ticketId, say, number } = await closedByPerson(connection);
    const first = await say("1", "survey-answer-redelivered");
    const again = await postInbound(server, connection, { from: { number }, body: "1", externalId: "survey-answer-redelivered" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first, duplicate: true });
    const { ticket, messages } = await conversation(server, admin, ticketId);
    expect(ticket.rating).toMatchObject({ score: 1, comment: null });
    expect(automaticBodies(messages)).toEqual([question, askForComment]);
  });

  it("auto-close sends no survey unless the connection asks for it", async () => {
    const quiet = await surveyed({ enabled: true });
    const asking = await surveyed({ enabled: true, onAutoClose: true });
    const idle = async (connection: Connection) => {
      const { ticketId } = await customer(connection).say("hello?");
      expect((await putTicket(server, admin, ticketId, { status: "open", action: "assigned" })).statusCode).toBe(200);
      return ticketId;
    };
    const [quietTicket, askingTicket] = [await idle(quiet), await idle(asking)];
    expect(await closeIdleTickets(server.ctx, 1, new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(2);
    await runListeners();
    const [a, b] = [await conversation(server, admin, quietTicket), await conversation(server, admin, askingTicket)];
    expect([a.ticket.status, b.ticket.status]).toEqual(["closed", "closed"]);
    expect(automaticBodies(a.messages)).toEqual([]);
    expect(automaticBodies(b.messages)).toEqual([question]);
  });

  it("is never sent to a group, whose score-like messages stay ordinary ones", async () => {
    const connection = await surveyed({ enabled: true });
    const group = { number: uniqueNumber(), name: "Team group", isGroup: true };
    const say = (body: string) =>
      ingestInbound(server.ctx, connection.id, { externalId: uniqueExternalId(), chat: group, sender: { number: uniqueNumber() }, fromMe: false, body, mediaType: "chat", timestamp: new Date() });
    const ticketId = (await say("hi all"))!.ticketId;
    expect((await putTicket(server, admin, ticketId, { status: "open", action: "assigned" })).statusCode).toBe(200);
    expect((await putTicket(server, admin, ticketId, { status: "closed" })).statusCode).toBe(200);
    await runListeners();
    expect(automaticBodies((await conversation(server, admin, ticketId)).messages)).toEqual([]);
    const next = (await say("5"))!.ticketId;
    expect(next).not.toBe(ticketId);
    expect((await conversation(server, admin, ticketId)).ticket.rating).toBeNull();
  });

  it("one survey per ticket: closed again after a reopen, it is not asked twice", async () => {
    const connection = await surveyed({ enabled: true });
    const { ticketId } = await closedByPerson(connection);
    expect((await putTicket(server, admin, ticketId, { status: "open", action: "assigned" })).statusCode).toBe(200);
    expect((await putTicket(server, admin, ticketId, { status: "closed" })).statusCode).toBe(200);
    await runListeners();
    expect(automaticBodies((await conversation(server, admin, ticketId)).messages)).toEqual([question]);
  });

  it("the rating is announced with the ticket (ticket.updated) and shown in its payload", async () => {
    const connection = await surveyed({ enabled: true });
    const { ticketId, say } = await closedByPerson(connection);
    const heard: Ticket[] = [];
    server.ctx.events.on("ticket.updated", "survey-test", ({ ticket }) => void (ticket.id === ticketId && heard.push(ticket)));
    await say("3");
    await server.ctx.events.settled();
    expect(heard.map((ticket) => ticket.rating?.score)).toEqual([3]);
  });
});

describe("the pipeline's check", () => {
  it("is one read along the partial index of tickets awaiting an answer, whatever the closed tickets", async () => {
    const connection = await surveyed({ enabled: true });
    const { ticketId } = await closedByPerson(connection);
    // Many closed conversations of the same and other contacts, none awaiting a survey.
    await server.ctx.db.execute(sql`insert into tickets (contact_id, connection_id, status, created_at, updated_at, closed_at)
      select c.id, ${connection.id}, 'closed', now(), now(), now() from contacts c, generate_series(1, 400)`);
    await server.ctx.db.execute(sql`analyze tickets`);
    const [row] = await server.ctx.db.select({ contactId: tickets.contactId }).from(tickets).where(eq(tickets.id, ticketId));
    const plan = await sqlRows<{ "QUERY PLAN": string }>(server, sql`explain ${awaitingSurvey(server.ctx.db, row!.contactId!, connection.id)}`);
    expect(plan.map((line) => line["QUERY PLAN"]).join("\n")).toContain("tickets_survey_awaiting_idx");
    expect((await awaitingSurvey(server.ctx.db, row!.contactId!, connection.id))[0]?.id).toBe(ticketId);
  });
});

describe("the survey across two instances on one database", () => {
  let database: Database;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    database = await openTestDatabase();
    first = await createTestServer({}, { database, eventOutbox: { pollMs: 20, leaseMs: 200 } });
    second = await createTestServer({}, { database, eventOutbox: { pollMs: 20, leaseMs: 200 } });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await database.close();
  });

  it("sends each closed ticket's survey once, whichever instance runs it, and once more after a crash mid-run never twice", async () => {
    const token = await first.adminToken();
    const queue = await createQueue(first, token, { greetingMessage: "" });
    const connection = await createConnection(first, token, { destinationType: "queue", destinationItem: queue.id, survey: { enabled: true } });
    // The API channel runs on every instance: a survey written on either is handed over there.
    await second.ctx.channels.startAll();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const on = i % 2 === 0 ? first : second;
      const { ticketId } = await customer(connection, on).say(`hello ${i}`);
      expect((await putTicket(on, token, ticketId, { status: "closed" })).statusCode).toBe(200);
      ids.push(ticketId);
    }
    // Both instances claim side by side; then a delivery runs again as after a crash past its lease.
    await Promise.all([runListeners(first), runListeners(second), runListeners(first), runListeners(second)]);
    const [row] = await first.ctx.db.select().from(eventDeliveries).where(eq(eventDeliveries.listener, surveyListenerKey)).limit(1);
    expect(row).toBeUndefined();
    await first.ctx.events.runDurable(surveyListenerKey, { name: "ticket.closed", payload: { ticket: { id: ids[0] } as Ticket, transition: "closed", by: "person" } }, { id: 1, attempt: 2, last: false, depth: 0 });
    for (const id of ids) {
      expect(automaticBodies((await conversation(first, token, id)).messages), `ticket ${id}`).toEqual([question]);
    }
  });
});
