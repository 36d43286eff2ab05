import type { Connection } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { createConnection, inbound } from "../../test/channel-fixtures.js";
import { createContact, createQueue, createQuickAnswer } from "../../test/fixtures.js";
import { createTestServer } from "../../test/harness.js";
import { makeDataDir } from "../../test/spawn-server.js";
import { openAppDatabase } from "../app-database.js";
import { openDatabase, type Database } from "../client.js";

const dataDir = makeDataDir("atendo-import-");
const pgliteDir = join(dataDir, "db");
const config = loadConfig({ EMBEDDED_POSTGRES_DIR: join(dataDir, "postgres"), PGLITE_DIR: pgliteDir, LOG_LEVEL: "silent" });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Counts = Record<string, number>;

async function tableCounts(database: Database): Promise<Counts> {
  const tables = (await database.db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  )) as unknown as { rows: { tablename: string }[] };
  const counts: Counts = {};
  for (const { tablename } of tables.rows) {
    const result = (await database.db.execute(sql.raw(`select count(*)::int as n from "${tablename}"`))) as unknown as { rows: { n: number }[] };
    counts[tablename] = result.rows[0]?.n ?? -1;
  }
  return counts;
}

/** Each table's rows as text, hashed: the same values on both sides, not only as many. */
async function tableDigests(database: Database, tables: string[]): Promise<Record<string, string>> {
  // One transaction: one session, whose time zone writes the timestamps the same way on both sides.
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local timezone = 'UTC'"));
    const digests: Record<string, string> = {};
    for (const table of tables) {
      const result = (await tx.execute(
        sql.raw(`select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from "${table}" t`),
      )) as unknown as { rows: { digest: string }[] };
      digests[table] = result.rows[0]?.digest ?? "";
    }
    return digests;
  });
}

async function maxId(database: Database, table: string): Promise<number> {
  const result = (await database.db.execute(sql.raw(`select coalesce(max(id), 0)::int as id from "${table}"`))) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id ?? 0;
}

/** A PGlite folder as the release before issue 12 left it: the current migrations and a team at work. */
async function pgliteFolderWithData(): Promise<{ counts: Counts; digests: Record<string, string>; maxContact: number; maxMessage: number; connection: Connection }> {
  const pglite = openDatabase({ pgliteDir });
  await pglite.migrate();
  const server = await createTestServer({}, { database: pglite });
  const admin = await server.adminToken();
  const attendant = await server.createUser({ name: "Attendant" });
  await server.createUser({ name: "Supervisor", profile: "admin" });
  await createQueue(server, admin, { name: "Sales" });
  await createQuickAnswer(server, admin);
  for (let n = 0; n < 3; n++) await createContact(server, admin);
  const connection = await createConnection(server, admin, { destinationType: "users", destinationItem: attendant.id });
  for (let n = 0; n < 12; n++) {
    const { ticketId } = await inbound(server, connection, { from: { number: `5511987650${String(n % 4).padStart(3, "0")}`, name: `Customer ${n % 4}` }, body: `Olá, pedido ${n}` });
    if (n % 4 === 0) {
      const reply = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: attendant.token, payload: { body: `Resposta ${n}` } });
      expect(reply.statusCode).toBe(201);
    }
  }
  await server.close();
  const counts = await tableCounts(pglite);
  const digests = await tableDigests(pglite, Object.keys(counts));
  const result = { counts, digests, maxContact: await maxId(pglite, "contacts"), maxMessage: await maxId(pglite, "messages"), connection };
  await pglite.close();
  return result;
}

// Issue 12: a PGlite folder of the current release moves into the embedded PostgreSQL on the
// first start, once, with nothing lost, and ids go on after the imported ones.
describe("the first start on a PGlite folder of the earlier release", { timeout: 300_000 }, () => {
  let before: Awaited<ReturnType<typeof pgliteFolderWithData>>;
  let after: Counts | undefined;

  it("imports every table with the same row counts, says so, and keeps the PGlite folder renamed", async () => {
    before = await pgliteFolderWithData();
    expect(before.counts).toMatchObject({ users: 3, queues: 1, quick_answers: 1, connections: 1 });
    expect(before.counts.contacts).toBe(7);
    expect(before.counts.messages).toBe(15);

    const lines: string[] = [];
    const database = await openAppDatabase(config, { report: (line) => lines.push(line) });
    try {
      expect(database.kind).toBe("postgres");
      expect(await tableCounts(database)).toEqual(before.counts);
      expect(await tableDigests(database, Object.keys(before.counts))).toEqual(before.digests);
      expect(lines.some((line) => line.startsWith(`Importing the PGlite database ${pgliteDir} into the embedded PostgreSQL`))).toBe(true);
      const kept = readdirSync(dataDir).find((name) => name.startsWith("db.imported-"));
      expect(kept).toBeDefined();
      expect(existsSync(pgliteDir)).toBe(false);
      expect(existsSync(join(dataDir, kept ?? "", "PG_VERSION"))).toBe(true);
      const total = Object.values(before.counts).reduce((sum, n) => sum + n, 0);
      expect(lines.at(-1)).toBe(
        `Imported ${total} rows in ${Object.keys(before.counts).length} tables, counts checked table by table. The PGlite folder is kept as ${join(dataDir, kept ?? "")}: delete it once you no longer need it.`,
      );

      // The sequences went on: new rows get ids after the imported ones.
      const server = await createTestServer({}, { database });
      const admin = await server.adminToken();
      const contact = await createContact(server, admin);
      expect(contact.id).toBeGreaterThan(before.maxContact);
      const { messageId } = await inbound(server, before.connection, { body: "after the move" });
      expect(messageId).toBeGreaterThan(before.maxMessage);
      await server.close();
      after = await tableCounts(database);
    } finally {
      await database.close();
    }
  });

  it("does not import again on the next start", async () => {
    expect(after).toBeDefined();
    const lines: string[] = [];
    const database = await openAppDatabase(config, { report: (line) => lines.push(line) });
    try {
      expect(lines).toEqual([]);
      expect(await tableCounts(database)).toEqual(after);
    } finally {
      await database.close();
    }
  });

  it("leaves a PGlite folder alone, saying so, once the embedded database holds data", async () => {
    // As if the folder had been put back (or the rename after an import had not happened).
    const kept = readdirSync(dataDir).find((name) => name.startsWith("db.imported-")) ?? "";
    renameSync(join(dataDir, kept), pgliteDir);
    const lines: string[] = [];
    const database = await openAppDatabase(config, { report: (line) => lines.push(line) });
    try {
      expect(lines).toEqual([
        `${pgliteDir} (a PGlite database) was not imported: the embedded PostgreSQL in ${config.EMBEDDED_POSTGRES_DIR} already holds data. Move that folder away to stop this message.`,
      ]);
      expect(await tableCounts(database)).toEqual(after);
      expect(existsSync(join(pgliteDir, "PG_VERSION"))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
