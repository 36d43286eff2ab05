import type { Connection, Ticket, TicketPage, TicketStatus } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";
import { createConnection, uniqueNumber } from "./channel-fixtures.js";
import { createQueue } from "./fixtures.js";
import { createTestServer, type TestServer } from "./harness.js";
import { contacts, messages, ticketParticipants, tickets } from "../db/schema/index.js";

/** Test data for the tickets module: tickets written straight to the database in any state. */

export interface SeedTicket {
  connectionId: number;
  status: TicketStatus;
  userId?: number | null;
  queueId?: number | null;
  participants?: number[];
  contactName?: string;
  number?: string;
  /** Customer messages, in order. */
  messages?: string[];
  unreadMessages?: number;
  updatedAt?: Date;
  /** An existing contact instead of a new one; null: a deleted contact's ticket (closed history, decision 0062). */
  contactId?: number | null;
}

let clock = Date.UTC(2024, 0, 1);

/** Seeds a ticket (and its contact, participants and messages); later seeds are more recent. */
export async function seedTicket(server: TestServer, input: SeedTicket): Promise<number> {
  const db = server.ctx.db;
  let contactId = input.contactId;
  if (contactId === undefined) {
    const [contact] = await db
      .insert(contacts)
      .values({ name: input.contactName ?? "Seeded Contact", number: input.number ?? uniqueNumber() })
      .returning({ id: contacts.id });
    contactId = contact!.id;
  }
  const updatedAt = input.updatedAt ?? new Date((clock += 60_000));
  const [ticket] = await db
    .insert(tickets)
    .values({
      contactId,
      connectionId: input.connectionId,
      status: input.status,
      userId: input.userId ?? null,
      queueId: input.queueId ?? null,
      unreadMessages: input.unreadMessages ?? 0,
      lastMessage: input.messages?.at(-1) ?? "",
      closedAt: input.status === "closed" ? updatedAt : null,
      createdAt: updatedAt,
      updatedAt,
    })
    .returning({ id: tickets.id });
  const id = ticket!.id;
  if (input.participants?.length) await db.insert(ticketParticipants).values(input.participants.map((userId) => ({ ticketId: id, userId })));
  if (input.messages?.length) {
    await db.insert(messages).values(input.messages.map((body) => ({ ticketId: id, connectionId: input.connectionId, body, createdAt: updatedAt })));
  }
  return id;
}

export type Person = Awaited<ReturnType<TestServer["createUser"]>>;

/**
 * A small team: Alice in queue A, Bob in queue B, Carol in no queue, and an API connection
 * routed to queue A.
 */
export async function seedTeam(server: TestServer, admin: string) {
  const alice = await server.createUser({ name: "Alice" });
  const bob = await server.createUser({ name: "Bob" });
  const carol = await server.createUser({ name: "Carol" });
  const queueA = await createQueue(server, admin, { userIds: [alice.id] });
  const queueB = await createQueue(server, admin, { userIds: [bob.id] });
  const connection: Connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queueA.id });
  return { alice, bob, carol, queueA, queueB, connection };
}

export type Team = Awaited<ReturnType<typeof seedTeam>>;

/** A test server, its admin's token and seedTeam's team: where the bulk-data ticket tests start. */
export async function serverWithTeam(): Promise<{ server: TestServer; admin: string; team: Team }> {
  const server = await createTestServer();
  const admin = await server.adminToken();
  return { server, admin, team: await seedTeam(server, admin) };
}

/**
 * For bulk seeding: the CTE `c` of `count` new contacts n = 0…count-1, named "<name> n", with the
 * number <prefix> followed by n in 7 digits; `c.n` is there for the statements that follow.
 */
export function numberedContacts(name: string, prefix: string, count: number): SQL {
  return sql`c as (
      insert into contacts (name, number)
      select ${`${name} `}::text || n, ${prefix}::text || lpad(n::text, 7, '0') from generate_series(0, ${count - 1}::int) n
      returning id, substr(number, ${prefix.length + 1}::int)::int as n
    )`;
}

/** The rows of a raw SQL query: bulk-data tests check the service against SQL written apart from it. */
export async function sqlRows<T>(server: TestServer, query: SQL): Promise<T[]> {
  return ((await server.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The planner's estimate of the rows of `query` (explain, nothing read): what the list service's choice of path rests on. */
export async function plannedRows(server: TestServer, query: SQL): Promise<number> {
  const [row] = await sqlRows<{ "QUERY PLAN": unknown }>(server, sql`explain (format json) ${query}`);
  const raw = row!["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  return plan[0]!.Plan["Plan Rows"];
}

/** GET /api/tickets with a query string; fails the test on anything but 200. */
export async function listTickets(server: TestServer, token: string, query: Record<string, string | number | boolean> = {}): Promise<TicketPage> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const response = await server.request({ method: "GET", url: `/api/tickets${qs ? `?${qs}` : ""}`, token });
  if (response.statusCode !== 200) throw new Error(`GET /api/tickets?${qs} failed: ${response.body}`);
  return response.json() as TicketPage;
}

export const idsOf = (page: { tickets: Pick<Ticket, "id">[] }) => page.tickets.map((t) => t.id);

/** The ids of every page of GET /api/tickets with a query, in order, until hasMore is false. */
export async function allTicketPages(server: TestServer, token: string, query: Record<string, string | number | boolean>): Promise<number[]> {
  const ids: number[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await listTickets(server, token, { ...query, pageNumber });
    ids.push(...idsOf(page));
    if (!page.hasMore) return ids;
  }
}

/** PUT /api/tickets/{id}. */
export function putTicket(server: TestServer, token: string, id: number, payload: object) {
  return server.request({ method: "PUT", url: `/api/tickets/${id}`, token, payload });
}
