import type { Contact, ShowTicketResponse } from "@atendo/contracts";
import { eq, sql } from "drizzle-orm";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTickets } from "../test/ticket-fixtures.js";
import { chartsOf, reportOf, seedReportTicketIn } from "../test/report-fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { openTestDatabase } from "../test/test-database.js";
import type { Database, Db } from "./client.js";
import { contacts } from "./schema/index.js";

/**
 * DATABASE_REPLICA_URL (docs/decisions/0055). The "replica" is another database on the test
 * server, migrated, holding the same ticket as the primary under another contact name: what a
 * response shows says which database answered.
 */

const october = { startDate: "2026-10-01", endDate: "2026-10-10" };
let primary: Database;
let replica: Database;
/** The ticket both databases hold, with the same id. */
let ticketId: number;

function urlOf(database: Database): string {
  if (!database.url) throw new Error("the test databases are PostgreSQL databases with a URL");
  return database.url;
}

beforeAll(async () => {
  [primary, replica] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  const ticket = { connectionId: null, status: "closed" as const, createdAt: "2026-10-02T10:00:00Z", closedAt: "2026-10-02T11:00:00Z" };
  ticketId = await seedReportTicketIn(primary.db, { ...ticket, contactName: "Primary Paula" });
  expect(await seedReportTicketIn(replica.db, { ...ticket, contactName: "Replica Rita" })).toBe(ticketId);
  // The replica holds one more ticket of the period than the primary: the charts' counts differ too.
  await seedReportTicketIn(replica.db, { ...ticket, contactName: "Replica Rui", createdAt: "2026-10-03T10:00:00Z" });
});
afterAll(async () => {
  await Promise.all([primary?.close(), replica?.close()]);
});

const contactNames = (page: { tickets: { contact: { name: string } | null }[] }) => page.tickets.map((ticket) => ticket.contact?.name ?? "");
const createdIn = async (server: TestServer, token: string) => (await chartsOf(server, token, october)).days.reduce((sum, day) => sum + day.created, 0);

async function csvOf(server: TestServer, token: string): Promise<string> {
  const response = await server.request({ method: "GET", url: `/api/reports/tickets?startDate=${october.startDate}&endDate=${october.endDate}&action=download&language=en`, token });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe("with DATABASE_REPLICA_URL", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await createTestServer({ DATABASE_URL: urlOf(primary), DATABASE_REPLICA_URL: urlOf(replica) }, { database: primary });
    admin = await server.adminToken();
  });
  afterAll(() => server?.close());

  it("runs its sessions, on the primary and on the replica, without parallel workers or JIT (db/client.ts)", async () => {
    const settings = async (db: Db) =>
      ((await db.execute(sql`select current_setting('max_parallel_workers_per_gather') as workers, current_setting('jit') as jit`)) as unknown as { rows: unknown[] }).rows[0];
    expect(await settings(server.ctx.db)).toEqual({ workers: "0", jit: "off" });
    expect(await settings(server.ctx.reads)).toEqual({ workers: "0", jit: "off" });
  });

  it("reads the reports' table, CSV and charts from the replica", async () => {
    const page = await reportOf(server, admin, october);
    expect(contactNames(page)).toEqual(["Replica Rui", "Replica Rita"]);
    expect(page.count).toBe(2);
    const csv = await csvOf(server, admin);
    expect(csv).toContain("Replica Rita");
    expect(csv).not.toContain("Primary Paula");
    expect(await createdIn(server, admin)).toBe(2);
  });

  it("finds a ticket search's tickets on the replica and presents them from the primary", async () => {
    // Rita is only the replica's name for the ticket: found there, shown as the primary has it now.
    const found = await listTickets(server, admin, { searchParam: "Rita", showAll: true });
    expect(found.tickets.map((ticket) => [ticket.id, ticket.contact.name])).toEqual([[ticketId, "Primary Paula"]]);
    expect(found.count).toBe(1);
    // Paula is only the primary's: the search does not read the primary.
    expect((await listTickets(server, admin, { searchParam: "Paula", showAll: true })).tickets).toEqual([]);
  });

  it("keeps every other read and every write on the primary", async () => {
    expect(contactNames(await listTickets(server, admin, { showAll: true }))).toEqual(["Primary Paula"]);
    const shown = (await server.request({ method: "GET", url: `/api/tickets/${ticketId}`, token: admin })).json() as ShowTicketResponse;
    expect(shown.hasPermission && shown.ticket.contact.name).toBe("Primary Paula");
    // A contact search is a light read that must see a contact created a moment ago: the primary.
    const searched = await server.request({ method: "GET", url: "/api/contacts?searchParam=Paula", token: admin });
    expect((searched.json() as { contacts: Contact[] }).contacts.map((contact) => contact.name)).toEqual(["Primary Paula"]);

    const created = await server.request({ method: "POST", url: "/api/contacts", token: admin, payload: { name: "Written Wanda", number: "5511912340000" } });
    expect(created.statusCode).toBe(201);
    const named = (database: Database) => database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.name, "Written Wanda"));
    expect(await named(primary)).toHaveLength(1);
    expect(await named(replica)).toEqual([]);
  });

  it("opens the replica's sessions read-only: a write sent there by mistake fails instead of landing", async () => {
    await expect(server.ctx.reads.insert(contacts).values({ name: "Stray", number: "5511900000001" })).rejects.toMatchObject({ cause: { code: "25006" } });
    expect(await replica.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.name, "Stray"))).toEqual([]);
  });
});

describe("without DATABASE_REPLICA_URL", () => {
  it("reads reports and searches from the primary, as before", async () => {
    const server = await createTestServer({ DATABASE_URL: urlOf(primary) }, { database: primary });
    try {
      const admin = await server.adminToken();
      expect(server.ctx.reads).toBe(server.ctx.db);
      expect(contactNames(await reportOf(server, admin, october))).toEqual(["Primary Paula"]);
      expect(await createdIn(server, admin)).toBe(1);
      expect((await listTickets(server, admin, { searchParam: "Paula", showAll: true })).tickets.map((ticket) => ticket.id)).toEqual([ticketId]);
      expect((await listTickets(server, admin, { searchParam: "Rita", showAll: true })).tickets).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

/**
 * A TCP relay to the test server's PostgreSQL: the replica's address, which the test takes down
 * and brings back. `swallow`: it accepts connections and never answers, as an address whose
 * packets are dropped.
 */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** Connections accepted since the relay last started. */
  accepted = 0;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(mode: "relay" | "swallow" = "relay"): Promise<void> {
    this.accepted = 0;
    const server = createServer((client) => {
      this.accepted++;
      this.sockets.add(client);
      client.on("close", () => this.sockets.delete(client));
      client.on("error", () => undefined);
      if (mode === "swallow") return;
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      upstream.on("close", () => this.sockets.delete(upstream));
      upstream.on("error", () => undefined);
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Refuses new connections and cuts the open ones, as a replica that went away. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

describe("when the replica is unreachable", () => {
  let server: TestServer;
  let admin: string;
  let relay: Relay;
  let now = Date.UTC(2026, 10, 1);
  const logLines: string[] = [];
  const logged = (text: string) => logLines.filter((line) => line.includes(text)).length;
  const retryAfterMs = 30_000;

  beforeAll(async () => {
    const target = new URL(urlOf(replica));
    relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.start();
    target.host = `127.0.0.1:${relay.port}`;
    server = await createTestServer(
      { DATABASE_URL: urlOf(primary), DATABASE_REPLICA_URL: target.toString(), LOG_LEVEL: "info" },
      { database: primary, logStream: { write: (line) => void logLines.push(line) }, replica: { retryAfterMs, now: () => now } },
    );
    admin = await server.adminToken();
  });
  afterAll(async () => {
    await server?.close();
    await relay?.stop();
  });

  it("reads from the primary with one warning, tries the replica again after the pause, and says when it is back", async () => {
    expect(contactNames(await reportOf(server, admin, october))).toEqual(["Replica Rui", "Replica Rita"]);

    await relay.stop();
    // The request is answered, from the primary; the outage is logged once.
    expect(contactNames(await reportOf(server, admin, october))).toEqual(["Primary Paula"]);
    expect((await listTickets(server, admin, { searchParam: "Paula", showAll: true })).tickets.map((ticket) => ticket.id)).toEqual([ticketId]);
    expect(await createdIn(server, admin)).toBe(1);
    expect(logged("The read replica is unreachable")).toBe(1);
    expect(logLines.find((line) => line.includes("The read replica is unreachable"))).toMatch(/"level":40/);

    // Back, but within the pause: reads stay on the primary without knocking.
    await relay.start();
    expect(contactNames(await reportOf(server, admin, october))).toEqual(["Primary Paula"]);
    expect(relay.accepted).toBe(0);

    now += retryAfterMs;
    expect(contactNames(await reportOf(server, admin, october))).toEqual(["Replica Rui", "Replica Rita"]);
    expect(logged("The read replica answers again")).toBe(1);
    expect(logged("The read replica is unreachable")).toBe(1);
  });
});

describe("when the replica's address swallows connections", () => {
  it("gives up connecting after the timeout, and after each pause tries it with one statement only", async () => {
    const target = new URL(urlOf(replica));
    const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.start("swallow");
    target.host = `127.0.0.1:${relay.port}`;
    let now = Date.UTC(2026, 10, 1);
    const server = await createTestServer(
      { DATABASE_URL: urlOf(primary), DATABASE_REPLICA_URL: target.toString() },
      { database: primary, replica: { connectTimeoutMs: 300, retryAfterMs: 30_000, now: () => now } },
    );
    try {
      const admin = await server.adminToken();
      // The page and its count start together: both wait out the timeout, then read from the primary.
      expect(contactNames(await reportOf(server, admin, october))).toEqual(["Primary Paula"]);
      expect(relay.accepted).toBe(2);

      now += 30_000;
      // Five reports at once, ten statements: one tries the replica, the others go to the primary.
      const pages = await Promise.all(Array.from({ length: 5 }, () => reportOf(server, admin, october)));
      expect(pages.map(contactNames)).toEqual(Array.from({ length: 5 }, () => ["Primary Paula"]));
      expect(relay.accepted).toBe(3);
    } finally {
      await server.close();
      await relay.stop();
    }
  });
});

describe("a replica that has not replayed a migration yet", () => {
  it("answers the statements it can; the primary answers those that need what it lacks, without a warning", async () => {
    const behind = await openTestDatabase();
    const logLines: string[] = [];
    let server: TestServer | undefined;
    try {
      for (const contactName of ["Behind Bea", "Behind Ben"]) {
        await seedReportTicketIn(behind.db, { connectionId: null, status: "closed", contactName, createdAt: "2026-10-02T10:00:00Z", closedAt: "2026-10-02T11:00:00Z" });
      }
      // As if the table were added by a migration the replica has not replayed: the charts read it
      // (tickets per label), the report's table does not.
      await behind.db.execute(sql`drop table ticket_tags`);
      server = await createTestServer(
        { DATABASE_URL: urlOf(primary), DATABASE_REPLICA_URL: urlOf(behind), LOG_LEVEL: "info" },
        { database: primary, logStream: { write: (line) => void logLines.push(line) } },
      );
      const admin = await server.adminToken();
      expect(contactNames(await reportOf(server, admin, october))).toEqual(["Behind Ben", "Behind Bea"]);
      // The primary's one ticket, not the replica's two.
      expect(await createdIn(server, admin)).toBe(1);
      expect(logLines.filter((line) => line.includes("The read replica is unreachable"))).toEqual([]);
    } finally {
      await server?.close();
      await behind.close();
    }
  });
});
