import type { Connection, Message, Ticket } from "@atendo/contracts";
import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.js";
import { connections, contacts, messages, queues, tickets, uras } from "../../db/schema/index.js";
import type { DomainEventMap, DomainEventName, TicketVisibility } from "../../events/domain-events.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectionTo, createUra, menuRows, to } from "../../test/routing-fixtures.js";
import type { InboundMessage } from "../channel-driver.js";
import { inboundGroupCommitSlot } from "./inbound-batch.js";

/**
 * One inbound store rule (issue 27): however messages arrive — one at a time, or together so that
 * group commit stores them in shared statements (docs/decisions/0051) — the database and the
 * domain events end the same. One deterministic script of 200 inbound messages over two API
 * connections (one routed to a menu whose option leads to a queue with a greeting, one to that
 * queue; both close by message, a closed ticket reopens), fed to fresh servers:
 *
 * - one by one, each awaited (every message a batch of one: the path without group commit);
 * - batched: each round of the script submitted at once, so group commit stores many messages
 *   per statement (checked: far fewer transactions than messages);
 * - one by one with the new-customers statement refused (create-batch.ts), so every new
 *   conversation takes the careful transaction (findOrCreateActiveTicket + the append statement
 *   + writeAutomatic) instead;
 * - one by one on PGlite, where there is no group commit at all.
 *
 * Then contacts, tickets and messages (normalised: ids by number, connection and external id,
 * server times dropped; message times are the script's) and, per ticket, the sequence of
 * ticket.* and message.* events (name, transition, message, the ticket's state) must be equal.
 * A contact's messages are stored in order by every path; across contacts nothing is ordered,
 * so events are compared per ticket, round by round.
 */

const A = "A";
const B = "B";
type Conn = typeof A | typeof B;

type Step =
  /** POST /api/channels/{id}/messages, as the customer's system does. */
  | { kind: "post"; who: number; conn: Conn; id: string; body: string; quoted?: string; seq: number }
  /** Through the driver events (ctx.channels.requestEvents): the company's own messages, a profile picture. */
  | { kind: "driver"; who: number; conn: Conn; id: string; body: string; fromMe: boolean; pic?: string; quoted?: string; seq: number }
  /** The customer edited a message (DriverEvents.onEdit: the API channel has no edit route). */
  | { kind: "edit"; who: number; conn: Conn; id: string; body: string; seq: number };

type Beat = Omit<Step, "who" | "seq"> | Omit<Step, "who" | "seq">[];

const numberOf = (who: number) => `551190000${String(who).padStart(4, "0")}`;
const nameOf = (who: number) => `Customer ${who}`;
const start = Date.UTC(2026, 0, 5, 12);

/** One customer's conversation, beat by beat; a beat that is a list is a burst (sent together in a round). */
function story(kind: number, who: number): Beat[] {
  let n = 0;
  const id = () => `c${who}-${++n}`;
  const post = (conn: Conn, body: string, extra: { id?: string; quoted?: string } = {}) => ({ kind: "post" as const, conn, id: extra.id ?? id(), body, quoted: extra.quoted });
  const phone = (conn: Conn, body: string, fromMe: boolean, pic?: string) => ({ kind: "driver" as const, conn, id: id(), body, fromMe, pic });
  const edit = (conn: Conn, target: string, body: string) => ({ kind: "edit" as const, conn, id: target, body });
  switch (kind) {
    case 0: // the menu answered right, then the queue
      return [post(A, "Oi"), post(A, "1"), post(A, "Preciso de ajuda"), post(A, "Obrigado")];
    case 1: // wrong answers, then the right one
      return [post(A, "Olá"), post(A, "banana"), post(A, "9"), post(A, "1"), post(A, "ok")];
    case 2: // wrong answers until the menu gives up (fallback)
      return [post(A, "hey"), post(A, "x"), post(A, "y"), post(A, "z"), post(A, "still there?")];
    case 3: // the close code ends it; writing again reopens it; it ends again
      return [post(A, "hi"), post(A, "1"), post(A, "#"), post(A, "back again"), post(A, "#")];
    case 4: {
      // redeliveries: later, and inside a burst
      const first = post(A, "hi");
      const later = post(A, "two");
      return [first, { ...first }, post(A, "1"), [later, { ...later }, post(A, "three")], post(A, "end")];
    }
    case 5: {
      // edits of a message of the queue's conversation
      const typo = post(B, "tpyo");
      return [post(B, "hi"), typo, edit(B, typo.id, "typo"), post(B, "ok"), edit(B, typo.id, "typo!")];
    }
    case 6: // the company writes first from its phone, and answers
      return [phone(A, "Hello from the company", true), post(A, "hi"), phone(A, "How can I help?", true), post(A, "thanks"), phone(A, "Bye", true)];
    case 7: // a burst to a ticket in the queue, the company's answer, the close code, a reopen
      return [post(B, "hello"), [post(B, "a"), post(B, "b"), post(B, "c")], phone(B, "answer", true), post(B, "#"), post(B, "again")];
    case 8: // a new customer's first messages together
      return [[post(B, "first"), post(B, "second")], post(B, "third"), phone(B, "noted", true), [post(B, "fourth"), post(B, "fifth")]];
    case 9: // one customer on both connections
      return [post(A, "hi"), post(A, "1"), post(B, "on B too"), post(B, "more on B"), post(A, "more on A")];
    case 10: // a new profile picture takes the careful path
      return [phone(A, "hi", false, "pic-1"), phone(A, "1", false, "pic-1"), phone(A, "new picture", false, "pic-2"), phone(A, "same picture", false, "pic-2")];
    default: {
      // a quote of an earlier message, the close code in the menu
      const question = post(B, "a question");
      return [question, post(B, "about that", { quoted: question.id }), post(B, "#"), post(B, "new one", { quoted: question.id })];
    }
  }
}

const STORIES = 12;
const MESSAGES = 200;

/** The script as rounds: round r holds every customer's beat r. 200 messages (edits apart). */
function script(): Step[][] {
  const stories: Beat[][] = [];
  let count = 0;
  for (let who = 0; count < MESSAGES; who++) {
    const beats: Beat[] = [];
    for (const beat of story(who % STORIES, who)) {
      const steps = (Array.isArray(beat) ? beat : [beat]).filter((step) => step.kind === "edit" || count++ < MESSAGES);
      // A burst goes in through the driver events, where the API channel's route hands each
      // message on: concurrent HTTP requests have no order until they get there, a driver's
      // burst has (and group commit keeps it).
      const ordered = steps.length > 1 ? steps.map((step) => (step.kind === "post" ? { ...step, kind: "driver" as const, fromMe: false } : step)) : steps;
      if (ordered.length > 0) beats.push(ordered);
    }
    stories.push(beats);
  }
  const rounds: Step[][] = [];
  let seq = 0;
  for (let r = 0; stories.some((beats) => beats.length > r); r++) {
    rounds.push(stories.flatMap((beats, who) => ((beats[r] as Omit<Step, "who" | "seq">[] | undefined) ?? []).map((step) => ({ ...step, who, seq: seq++ }) as Step)));
  }
  return rounds;
}

const ROUNDS = script();

interface World {
  server: TestServer;
  rows: Record<Conn, ConnectionRow>;
  apis: Record<Conn, Connection>;
  /** Per ticket id: what its events said, with the round they came in. */
  events: Map<number, { round: number; event: Record<string, unknown> }[]>;
  round: number;
  outcomes: { step: Step; outcome: Record<string, unknown> }[];
}

const recorded: DomainEventName[] = [
  "ticket.created",
  "ticket.assigned",
  "ticket.transferred",
  "ticket.closed",
  "ticket.reopened",
  "ticket.updated",
  "ticket.read",
  "ticket.deleted",
  "message.received",
  "message.sent",
  "message.updated",
  "message.deleted",
];

function ticketState(ticket: Ticket | TicketVisibility) {
  if (!("lastMessage" in ticket)) return { status: ticket.status, userId: ticket.userId, queue: ticket.queueId !== null, menu: ticket.uraId !== null };
  return { status: ticket.status, userId: ticket.userId, queue: ticket.queue?.name ?? null, menu: ticket.ura?.name ?? null, unread: ticket.unreadMessages, lastMessage: ticket.lastMessage };
}

function messageState(message: Message) {
  return { body: message.body, quoted: message.quotedMsg?.body ?? null, fromMe: message.fromMe, mediaType: message.mediaType, ack: message.ack, isEdited: message.isEdited };
}

async function world(database?: Database): Promise<World> {
  const server = await createTestServer({ TICKET_REOPEN_WINDOW_MINUTES: "60" }, database ? { database } : {});
  const admin = await server.adminToken();
  const queue = await createQueue(server, admin, { name: "Support", greetingMessage: "Welcome to support" });
  const menu = await createUra(server, admin, to("queue", queue.id), { name: "Main menu", description: "Choose", ...menuRows(["1", "Support", to("queue", queue.id)]) });
  const closing = { canCloseTicketByMessage: true, closeCode: "#", farewellMessage: "Bye!" };
  const apis = { [A]: await connectionTo(server, admin, to("uras", menu.id), { name: "Menu line", ...closing }), [B]: await connectionTo(server, admin, to("queue", queue.id), { name: "Queue line", ...closing }) };
  const rowOf = async (id: number) => (await server.ctx.db.select().from(connections).where(eq(connections.id, id)))[0]!;
  const w: World = { server, apis, rows: { [A]: await rowOf(apis[A].id), [B]: await rowOf(apis[B].id) }, events: new Map(), round: 0, outcomes: [] };
  server.ctx.events.on(recorded, "inbound agreement", (payload, name) => {
    const { ticket, message, before, ...rest } = payload as Partial<DomainEventMap["message.updated"] & DomainEventMap["ticket.closed"]>;
    if (!ticket) return;
    const list = w.events.get(ticket.id) ?? [];
    const event = { name, ...rest, ...(message ? { message: messageState(message) } : {}), ticket: ticketState(ticket), ...(before ? { before: { ...ticketState(before), participants: before.participantIds.length } } : {}) };
    list.push({ round: w.round, event });
    w.events.set(ticket.id, list);
  });
  return w;
}

async function run(w: World, step: Step): Promise<void> {
  const timestamp = new Date(start + step.seq * 1000);
  const chat = { number: numberOf(step.who), name: nameOf(step.who), isGroup: false };
  const events = w.server.ctx.channels.requestEvents(w.rows[step.conn]);
  let outcome: Record<string, unknown>;
  if (step.kind === "post") {
    const response = await w.server.request({
      method: "POST",
      url: `/api/channels/${w.apis[step.conn].id}/messages`,
      headers: { authorization: `Bearer ${w.apis[step.conn].apiToken}` },
      payload: { externalId: step.id, from: { number: chat.number, name: chat.name }, body: step.body, quotedExternalId: step.quoted, timestamp: timestamp.toISOString() },
    });
    outcome = { status: response.statusCode, ...(response.json() as object) };
  } else if (step.kind === "driver") {
    const input: InboundMessage = {
      externalId: step.id,
      chat: { ...chat, ...(step.pic ? { profilePicUrl: step.pic } : {}) },
      fromMe: step.fromMe,
      body: step.body,
      mediaType: "chat",
      timestamp,
      ...(step.quoted ? { quotedExternalId: step.quoted } : {}),
    };
    outcome = { ...(await events.receiveMessage(input)) };
  } else {
    await events.onEdit(step.id, step.body);
    outcome = { edited: true };
  }
  w.outcomes.push({ step, outcome });
}

type Feed = "oneByOne" | "batched";

async function feed(w: World, how: Feed): Promise<void> {
  for (const [round, steps] of ROUNDS.entries()) {
    w.round = round;
    if (how === "oneByOne") for (const step of steps) await run(w, step);
    else await Promise.all(steps.map((step) => run(w, step)));
    // Listeners of this round are done before the next one starts.
    await w.server.ctx.events.settled();
  }
}

/** Tickets named by their customer, connection and place among that customer's tickets there. */
async function ticketKeys(w: World): Promise<Map<number, string>> {
  const rows = await w.server.ctx.db
    .select({ id: tickets.id, number: contacts.number, connectionId: tickets.connectionId })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .orderBy(asc(tickets.id));
  const connOf = (id: number | null) => (id === w.apis[A].id ? A : id === w.apis[B].id ? B : `?${id}`);
  const seen = new Map<string, number>();
  return new Map(
    rows.map((row) => {
      const base = `${row.number}@${connOf(row.connectionId)}`;
      seen.set(base, (seen.get(base) ?? 0) + 1);
      return [row.id, `${base}#${seen.get(base)}`];
    }),
  );
}

/** What the database holds, without ids or server times. */
async function snapshot(w: World) {
  const db = w.server.ctx.db;
  const keys = await ticketKeys(w);
  const contactRows = await db.select({ number: contacts.number, name: contacts.name, isGroup: contacts.isGroup, profilePicUrl: contacts.profilePicUrl }).from(contacts).orderBy(asc(contacts.number));
  const ticketRows = await db
    .select({ ticket: tickets, queue: queues.name, menu: uras.name })
    .from(tickets)
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(uras, eq(uras.id, tickets.uraId))
    .orderBy(asc(tickets.id));
  const quoted = sql<string | null>`(select q.external_id from ${messages} q where q.id = ${messages}.quoted_msg_id)`;
  const messageRows = await db.select({ message: messages, quoted }).from(messages).orderBy(asc(messages.id));
  const scriptIds = new Set(ROUNDS.flat().map((step) => step.id));
  const byTicket = new Map<number, unknown[]>();
  for (const { message: m, quoted: q } of messageRows) {
    const list = byTicket.get(m.ticketId) ?? [];
    // Atendo's own messages get their id from the channel when sent (the API channel names them after their row).
    const fromScript = m.externalId !== null && scriptIds.has(m.externalId);
    list.push({
      externalId: fromScript ? m.externalId : m.externalId === null ? null : "the channel's",
      body: m.body,
      fromMe: m.fromMe,
      read: m.read,
      ack: m.ack,
      mediaType: m.mediaType,
      isEdited: m.isEdited,
      isDeleted: m.isDeleted,
      failed: m.failed,
      quoted: q,
      userId: m.userId,
      waitingForDispatch: m.dispatchAt !== null,
      // The script's time for what the channel gave; Atendo's own messages carry the server's.
      createdAt: fromScript ? m.createdAt.toISOString() : "the server's",
    });
    byTicket.set(m.ticketId, list);
  }
  const ticketList = ticketRows.map(({ ticket: t, queue, menu }) => ({
    key: keys.get(t.id),
    status: t.status,
    queue,
    menu,
    uraMisses: t.uraMisses,
    userId: t.userId,
    monitoringId: t.monitoringId,
    outOfHours: t.outOfHours,
    isGroup: t.isGroup,
    lastMessage: t.lastMessage,
    unreadMessages: t.unreadMessages,
    closed: t.closedAt !== null,
    firstResponseAt: t.firstResponseAt?.toISOString() ?? null,
    messages: byTicket.get(t.id) ?? [],
  }));
  ticketList.sort((x, y) => String(x.key).localeCompare(String(y.key)));
  return { contacts: contactRows, tickets: ticketList };
}

/**
 * Each ticket's events, round by round. Within a round a ticket hears one step of its customer,
 * in the order it was published — except a burst (several messages of one customer in a round),
 * whose messages are stored in order by every path but announced by concurrent requests: its
 * events are compared as a set, and without the ticket's counters (an event of a message stored
 * with a later one shows the ticket after both, decision 0051).
 */
async function eventsByTicket(w: World) {
  const keys = await ticketKeys(w);
  const bursts = new Set(ROUNDS.flatMap((steps, round) => steps.filter((s, i) => steps.findIndex((t) => t.who === s.who) !== i).map((s) => `${round}:${s.who}`)));
  const whoOf = new Map<number, number>();
  for (const [id, key] of keys) whoOf.set(id, Number(key.split("@")[0]!.slice(-4)));
  const out: Record<string, unknown[][]> = {};
  for (const [ticketId, list] of w.events) {
    const rounds = new Map<number, Record<string, unknown>[]>();
    for (const { round, event } of list) rounds.set(round, [...(rounds.get(round) ?? []), event]);
    out[keys.get(ticketId)!] = [...rounds].map(([round, events]) => {
      if (!bursts.has(`${round}:${whoOf.get(ticketId)}`)) return [round, ...events];
      const loose = events.map(({ ticket, ...rest }) => JSON.stringify({ ...rest, ticket: { ...(ticket as object), unread: undefined, lastMessage: undefined } }));
      return [round, "burst", ...loose.sort()];
    });
  }
  return Object.fromEntries(Object.entries(out).sort(([x], [y]) => x.localeCompare(y)));
}

async function outcomes(w: World) {
  const keys = await ticketKeys(w);
  const ids = await w.server.ctx.db.select({ id: messages.id, externalId: messages.externalId }).from(messages).where(isNotNull(messages.externalId));
  const externalOf = new Map(ids.map((row) => [row.id, row.externalId]));
  return w.outcomes
    .map(({ step, outcome }) => {
      const { messageId, ticketId, ...rest } = outcome;
      return { step: `${step.seq} ${step.kind} ${step.id}`, ...rest, message: externalOf.get(messageId as number), ticket: keys.get(ticketId as number) } as Record<string, unknown>;
    })
    .sort((x, y) => String(x.step).localeCompare(String(y.step)));
}

/** How many transactions stored the customers' messages (rows of one transaction share `xmin`), and how many there are. */
async function transactions(w: World): Promise<{ messages: number; transactions: number }> {
  const [row] = await w.server.ctx.db
    .select({ messages: sql<number>`count(*)::int`, transactions: sql<number>`count(distinct ${messages}.xmin::text)::int` })
    .from(messages)
    // What the channel gave (routing's texts are Atendo's, and change again when sent); an edit rewrites its row.
    .where(and(ne(messages.mediaType, "chat-automatic"), eq(messages.isEdited, false)));
  return row!;
}

/**
 * Makes the database refuse the new-customers statement (create-batch.ts), as a failure would:
 * every new conversation is then stored by the careful transaction.
 */
function refuseNewCustomersStatement(server: TestServer): { refused: number } {
  const pool = (server.ctx.db as unknown as { $client: pg.Pool }).$client;
  const query = pool.query.bind(pool);
  const count = { refused: 0 };
  pool.query = ((config: string | { text: string }, ...rest: unknown[]) => {
    const text = typeof config === "string" ? config : config.text;
    if (text.includes('"new_contacts"')) {
      count.refused++;
      return Promise.reject(new Error("refused by the test"));
    }
    return (query as (...args: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query;
  return count;
}

const worlds: World[] = [];
let pglite: Database | undefined;
afterAll(async () => {
  for (const w of worlds) await w.server.close();
  await pglite?.close();
});

async function fed(how: Feed, options: { careful?: boolean; pglite?: boolean } = {}) {
  if (options.pglite) {
    pglite = openDatabase({ pgliteDir: "memory://" });
    await pglite.migrate();
  }
  const w = await world(pglite && options.pglite ? pglite : undefined);
  worlds.push(w);
  const refusals = options.careful ? refuseNewCustomersStatement(w.server) : { refused: 0 };
  await feed(w, how);
  return { w, refusals, rows: await snapshot(w), events: await eventsByTicket(w), outcomes: await outcomes(w), transactions: await transactions(w) };
}

describe("one inbound store rule", { timeout: 240_000 }, () => {
  let alone: Awaited<ReturnType<typeof fed>>;

  it("runs a script of 200 messages that covers what the store decides", async () => {
    const steps = ROUNDS.flat();
    expect(steps.filter((step) => step.kind !== "edit")).toHaveLength(MESSAGES);
    alone = await fed("oneByOne");
    const { rows, outcomes: answers, events } = alone;
    // One message, one transaction: fed one by one, nothing was batched.
    expect(alone.transactions.transactions).toBe(alone.transactions.messages);
    // What the script is for, seen in what it left.
    const all = rows.tickets;
    const messagesOf = all.flatMap((t) => t.messages as { externalId: string | null; mediaType: string; fromMe: boolean; isEdited: boolean; quoted: string | null; body: string }[]);
    expect(answers.filter((a) => a.duplicate === true).length).toBeGreaterThanOrEqual(4);
    expect(messagesOf.filter((m) => m.isEdited), "edited").not.toHaveLength(0);
    expect(messagesOf.filter((m) => m.fromMe && m.mediaType === "chat").length, "sent from the phone").toBeGreaterThan(10);
    expect(messagesOf.filter((m) => m.quoted !== null), "quotes").not.toHaveLength(0);
    expect(messagesOf.filter((m) => m.body === "Welcome to support").length).toBeGreaterThan(10);
    expect(messagesOf.filter((m) => m.body === "Bye!").length).toBeGreaterThan(5);
    expect(messagesOf.filter((m) => m.body.startsWith("We could not find your option")).length).toBeGreaterThan(1);
    expect(all.filter((t) => t.closed), "closed").not.toHaveLength(0);
    expect(all.filter((t) => t.firstResponseAt !== null), "answered from the phone").not.toHaveLength(0);
    // A known customer's first message on the other connection: a new ticket by the careful path.
    const numbersOn = (conn: Conn) => new Set(all.filter((t) => t.key!.includes(`@${conn}#`)).map((t) => t.key!.split("@")[0]));
    expect([...numbersOn(A)].filter((number) => numbersOn(B).has(number)), "on both connections").not.toHaveLength(0);
    expect(Object.keys(events).length).toBe(all.length);
    const names = new Set([...alone.w.events.values()].flat().map(({ event }) => event.name));
    for (const name of ["ticket.created", "ticket.transferred", "ticket.updated", "ticket.closed", "ticket.reopened", "message.received", "message.sent", "message.updated"]) expect(names).toContain(name);
    // A wrong answer kept the ticket in the menu (asked again).
    const inMenu = [...alone.w.events.values()].flat().filter(({ event }) => event.name === "ticket.updated" && (event.ticket as { menu: string | null }).menu === "Main menu");
    expect(inMenu.length).toBeGreaterThan(1);
    expect(rows.contacts.filter((c) => c.profilePicUrl === "pic-2"), "a new profile picture").not.toHaveLength(0);
  });

  it("stores the script batched by group commit to the same rows and the same events per ticket", async () => {
    const batched = await fed("batched");
    // Batches of more than one really formed.
    expect(batched.transactions.messages).toBe(alone.transactions.messages);
    expect(batched.transactions.transactions).toBeLessThan(batched.transactions.messages / 2);
    expect(batched.rows).toEqual(alone.rows);
    expect(batched.outcomes).toEqual(alone.outcomes);
    expect(batched.events).toEqual(alone.events);
  });

  it("stores new customers by the careful transaction to the same rows and events as by the new-customers statement", async () => {
    const careful = await fed("oneByOne", { careful: true });
    // Every new customer's first message (and every other one the batch statement left) was refused it.
    expect(careful.refusals.refused).toBeGreaterThanOrEqual(alone.rows.contacts.length);
    expect(careful.rows).toEqual(alone.rows);
    expect(careful.outcomes).toEqual(alone.outcomes);
    expect(careful.events).toEqual(alone.events);
  });

  it("stores the script without group commit (PGlite) to the same rows and events", async () => {
    const lone = await fed("oneByOne", { pglite: true });
    expect(pglite?.kind).toBe("pglite");
    expect(lone.w.server.ctx.slots.get(inboundGroupCommitSlot)).toBeUndefined();
    expect(lone.rows).toEqual(alone.rows);
    expect(lone.outcomes).toEqual(alone.outcomes);
    expect(lone.events).toEqual(alone.events);
  });
});
