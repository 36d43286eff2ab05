import type { Queue } from "@atendo/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, messages, tickets } from "../../db/schema/index.js";
import type { DomainEventMap } from "../../events/domain-events.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { customerText } from "../../modules/routing/customer-texts.js";
import { uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectionTo, createUra, menuRows, to } from "../../test/routing-fixtures.js";
import type { InboundMessage } from "../channel-driver.js";
import { ingestInbound } from "./ingest.js";

// Menu answers through the group commit (docs/decisions/0102): the answers of one batch take
// their step in one transaction. Each test checks that the answers did share a batch (rows
// written by one transaction share its id, `xmin`), then that the customer and the database see
// what answering one at a time gives.

let server: TestServer;
let admin: string;
let sales: Queue;
const received: DomainEventMap["message.received"][] = [];

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  sales = await createQueue(server, admin, { name: "Sales", greetingMessage: "Sales here, hello!" });
  server.ctx.events.on("message.received", "menu-step test", (payload) => void received.push(payload));
});
afterAll(() => server.close());

const menuText = "Welcome to ACME.\n\n1 - Sales\n2 - More";
const subMenuText = "More options.\n\n1 - Sales";

/** A menu whose `1` leads to the Sales queue and `2` to a sub-menu (whose `1` leads to Sales), on a new API connection. */
async function menuLine(): Promise<ConnectionRow> {
  const subMenu = await createUra(server, admin, to("queue", sales.id), { description: "More options.", ...menuRows(["1", "Sales", to("queue", sales.id)]) });
  const menu = await createUra(server, admin, to("queue", sales.id), {
    description: "Welcome to ACME.",
    ...menuRows(["1", "Sales", to("queue", sales.id)], ["2", "More", to("uras", subMenu.id)]),
  });
  const connection = await connectionTo(server, admin, to("uras", menu.id));
  const [row] = await server.ctx.db.select().from(connections).where(eq(connections.id, connection.id));
  return row!;
}

function message(number: string, body: string): InboundMessage {
  return { externalId: uniqueExternalId(), chat: { number, name: "Menu Customer", isGroup: false }, fromMe: false, body, mediaType: "chat", timestamp: new Date() };
}

/**
 * Hands the messages to the pipeline in this order, all at once (the connection row given, so
 * nothing is awaited before the store): on each lane the first goes alone, the rest wait for it
 * and go together.
 */
async function burst(row: ConnectionRow, list: InboundMessage[]) {
  const settled = await Promise.allSettled(list.map((input) => ingestInbound(server.ctx, row.id, input, row)));
  expect(settled.map((result) => result.status)).toEqual(list.map(() => "fulfilled"));
  return settled.map((result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof ingestInbound>>>).value!);
}

/** A ticket's messages in order: who wrote them, and which transaction did. */
async function thread(ticketId: number) {
  return server.ctx.db
    .select({ body: messages.body, fromMe: messages.fromMe, tx: sql<string>`${messages}.xmin::text` })
    .from(messages)
    .where(eq(messages.ticketId, ticketId))
    .orderBy(asc(messages.id));
}

async function ticketRows(ids: readonly number[]) {
  return server.ctx.db
    .select({ id: tickets.id, status: tickets.status, queueId: tickets.queueId, uraId: tickets.uraId, uraMisses: tickets.uraMisses, unreadMessages: tickets.unreadMessages, tx: sql<string>`${tickets}.xmin::text` })
    .from(tickets).where(inArray(tickets.id, [...ids])).orderBy(asc(tickets.id));
}

describe("menu answers in the inbound group commit", () => {
  it("moves several customers answering at once in one transaction, each where their answer leads, an invalid option shown the menu again", async () => {
    const row = await menuLine();
    const numbers = Array.from({ length: 12 }, () => uniqueNumber());
    const first = await burst(
      row,
      numbers.map((number) => message(number, "Hi")),
    );
    // Customers 0–3 choose Sales, 4–7 the sub-menu, 8–11 something that is not an option.
    const answers = numbers.map((number, i) => message(number, i < 4 ? "1" : i < 8 ? "2." : "9"));
    const answered = await burst(row, answers);
    expect(answered.map((outcome) => outcome.ticketId)).toEqual(first.map((outcome) => outcome.ticketId));

    const ticketIds = first.map((outcome) => outcome.ticketId);
    const rows = new Map((await ticketRows(ticketIds)).map((ticket) => [ticket.id, ticket]));
    const threads = await Promise.all(ticketIds.map((id) => thread(id)));
    for (const [i, id] of ticketIds.entries()) {
      const ticket = rows.get(id)!;
      const bodies = threads[i]!.map((m) => m.body);
      if (i < 4) {
        expect(ticket).toMatchObject({ status: "pending", queueId: sales.id, uraId: null });
        expect(bodies).toEqual(["Hi", menuText, "1", "Sales here, hello!"]);
      } else if (i < 8) {
        expect(ticket).toMatchObject({ status: "pending", queueId: null, uraMisses: 0 });
        expect(ticket.uraId).not.toBeNull();
        expect(bodies).toEqual(["Hi", menuText, "2.", subMenuText]);
      } else {
        expect(ticket).toMatchObject({ status: "pending", queueId: null, uraMisses: 1 });
        expect(bodies).toEqual(["Hi", menuText, "9", `${customerText("en", "optionNotRecognised")}\n\n${menuText}`]);
      }
    }
    // Two lanes: the first answer of each goes alone, the other ten share their lane's batch,
    // and its one step transaction moved them (a text's row changes again when it is handed over).
    expect(new Set(threads.map((messages) => messages[2]!.tx)).size).toBeLessThanOrEqual(4);
    expect(new Set([...rows.values()].map((ticket) => ticket.tx)).size).toBeLessThanOrEqual(4);
    // Every text was handed to the channel (the API channel without a webhook: sent at once).
    const texts = await server.ctx.db
      .select({ id: messages.id, ack: messages.ack, dispatchAt: messages.dispatchAt, failed: messages.failed })
      .from(messages)
      .where(and(inArray(messages.ticketId, ticketIds), eq(messages.fromMe, true)));
    expect(texts).toHaveLength(24);
    expect(texts.filter((text) => text.ack !== 1 || text.dispatchAt !== null || text.failed)).toEqual([]);
  });

  it("answers a customer's messages of one batch in order: each answers what the one before led to", async () => {
    const row = await menuLine();
    const number = uniqueNumber();
    const ticketId = (await burst(row, [message(number, "Hi")]))[0]!.ticketId;
    received.length = 0;
    // "9" goes alone (not an option: the menu again); "2" (the sub-menu) and "1" (Sales) go together, then a plain message.
    await burst(row, [message(number, "9"), message(number, "2"), message(number, "1"), message(number, "Thanks")]);
    const messagesOf = await thread(ticketId);
    expect(messagesOf.map((m) => m.body)).toEqual([
      "Hi",
      menuText,
      "9",
      `${customerText("en", "optionNotRecognised")}\n\n${menuText}`,
      "2",
      "1",
      "Thanks",
      subMenuText,
      "Sales here, hello!",
    ]);
    // The three after the first were stored together (one statement), so one step took them in turn.
    expect(new Set(messagesOf.slice(4, 7).map((m) => m.tx)).size).toBe(1);
    const [ticket] = await ticketRows([ticketId]);
    expect(ticket).toMatchObject({ status: "pending", queueId: sales.id, uraId: null, uraMisses: 0, unreadMessages: 5 });

    // Each message was heard once, in order, with its ticket as it stood when it arrived: the plain one already in the queue.
    const heard = received.filter((event) => event.ticket.id === ticketId);
    expect(heard.map((event) => event.message.body)).toEqual(["9", "2", "1", "Thanks"]);
    expect(heard.map((event) => event.ticket.queueId)).toEqual([null, null, null, sales.id]);
    expect(heard.map((event) => event.ticket.ura?.id ?? null).slice(1, 3).every((id) => id !== null)).toBe(true);
  });

  it("leaves a batch's close code to the close: the conversation ends, no menu step is taken", async () => {
    const subMenu = await createUra(server, admin, to("queue", sales.id), { description: "More options.", ...menuRows(["1", "Sales", to("queue", sales.id)]) });
    const menu = await createUra(server, admin, to("queue", sales.id), { description: "Welcome.", ...menuRows(["1", "More", to("uras", subMenu.id)]) });
    const connection = await connectionTo(server, admin, to("uras", menu.id), { canCloseTicketByMessage: true, closeCode: "#" });
    const [row] = await server.ctx.db.select().from(connections).where(eq(connections.id, connection.id));
    const number = uniqueNumber();
    const ticketId = (await burst(row!, [message(number, "Hi")]))[0]!.ticketId;
    // "hello" goes alone (not an option); "1" and the close code together: the close wins, whatever "1" did first.
    await burst(row!, [message(number, "hello"), message(number, "1"), message(number, "#")]);
    const [ticket] = await ticketRows([ticketId]);
    expect(ticket).toMatchObject({ status: "closed", uraId: null });
  });
});
