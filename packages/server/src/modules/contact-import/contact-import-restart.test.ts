import { count, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { contactImports, contacts } from "../../db/schema/index.js";
import { createTestServer, type TestServer, type TestServerOptions } from "../../test/harness.js";
import { expectError } from "../../test/route-guards.js";
import { openTestDatabase } from "../../test/test-database.js";
import { waitFor } from "../../test/wait-for.js";
import { atendoCsv, batchGate, importAndWait, ongoing, postImport } from "../../test/contact-import-fixtures.js";

let database: Database;
const servers: TestServer[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await database.db.delete(contactImports);
  await database.db.delete(contacts);
});
afterAll(() => database.close());

/** A server (a process) on the shared database; batches of 2 rows. */
async function serverOn(contactImport: TestServerOptions["contactImport"] = {}): Promise<{ server: TestServer; admin: string }> {
  const server = await createTestServer({}, { database, contactImport: { batchSize: 2, ...contactImport } });
  servers.push(server);
  return { server, admin: await server.adminToken() };
}

async function storedContacts(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(contacts);
  return row?.n ?? 0;
}

const importSessions = sql`from pg_stat_activity where application_name = 'atendo-contact-import' and datname = current_database()`;

/** What the database sees when a process is killed: its sessions end, and its import lock with them. */
async function killImportSession(): Promise<void> {
  await database.db.execute(sql`select pg_terminate_backend(pid) ${importSessions}`);
  await waitFor(async () => {
    const result = (await database.db.execute(sql`select count(*)::int as n ${importSessions}`)) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n === 0;
  }, "the import session to end");
}

/** Starts a 10-row import held before its second batch (2 contacts stored). */
async function heldImport(server: TestServer, admin: string, gate: ReturnType<typeof batchGate>) {
  const response = await postImport(server, admin, { csv: atendoCsv(10), templateType: "atendo" });
  expect(response.statusCode).toBe(202);
  await gate.arrived;
  return response.json().import.id as number;
}

describe("one import at a time per install", () => {
  it("refuses a second import while one runs, in this process or another, and the database refuses a second running row", async () => {
    const gate = batchGate(1);
    const first = await serverOn({ beforeBatch: gate.beforeBatch });
    const second = await serverOn();
    const [a, b] = await Promise.all([
      postImport(first.server, first.admin, { csv: atendoCsv(10), templateType: "atendo" }),
      postImport(first.server, first.admin, { csv: atendoCsv(3, 5511800000000), templateType: "atendo" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().error).toBe("ERR_IMPORT_RUNNING");
    // Either may win the start: the 10-row file or the 3-row one.
    const winner = [a, b].find((r) => r.statusCode === 202)?.json().import.totalCount;
    await gate.arrived;

    await expectError(postImport(second.server, second.admin, { csv: atendoCsv(3, 5511800000000), templateType: "atendo" }), 409, "ERR_IMPORT_RUNNING");
    expect((await second.server.request({ method: "GET", url: "/api/contact-import/can-import", token: second.admin })).json()).toEqual({ canImport: false });
    expect((await ongoing(second.server, second.admin))?.status).toBe("running");
    const secondRunning = database.db.insert(contactImports).values({ templateType: "atendo", language: "en", fileName: "x.csv", headers: [], totalCount: 1 });
    await expect(secondRunning).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: "contact_imports_one_running_key" }) });

    gate.release();
    await waitFor(async () => (await ongoing(first.server, first.admin))?.status === "finished", "the first import to finish");
    expect(await storedContacts()).toBe(winner);
  });

  it("lets two processes race for the start: one starts, the other answers 409", async () => {
    const gate = batchGate(1);
    const first = await serverOn({ beforeBatch: gate.beforeBatch });
    const second = await serverOn({ beforeBatch: gate.beforeBatch });
    const answers = await Promise.all([first, second].map(({ server, admin }) => postImport(server, admin, { csv: atendoCsv(4), templateType: "atendo" })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    gate.release();
    await waitFor(async () => (await ongoing(first.server, first.admin))?.status === "finished", "the import to finish");
  });
});

describe("a server that stops during an import", () => {
  it("ends it after the batch being written, as failed (interrupted); the next server shows that and imports the file again", async () => {
    const gate = batchGate(1);
    const first = await serverOn({ beforeBatch: gate.beforeBatch });
    const id = await heldImport(first.server, first.admin, gate);
    await first.server.close();
    servers.splice(servers.indexOf(first.server), 1);

    const { server, admin } = await serverOn();
    expect(await ongoing(server, admin)).toMatchObject({ id, status: "failed", error: "ERR_IMPORT_INTERRUPTED", successCount: 2, totalCount: 10, progress: 20 });
    expect(await storedContacts()).toBe(2);
    const again = await importAndWait(server, admin, { csv: atendoCsv(10), templateType: "atendo" });
    expect(again).toMatchObject({ status: "finished", successCount: 8, repeatedCount: 2, failedCount: 0 });
    expect(await storedContacts()).toBe(10);
  });

  it("that dies (its database session gone) leaves an import the next server's start-up declares failed", async () => {
    const gate = batchGate(1);
    const first = await serverOn({ beforeBatch: gate.beforeBatch });
    const id = await heldImport(first.server, first.admin, gate);
    await killImportSession();

    const { server, admin } = await serverOn();
    expect((await ongoing(server, admin))?.status).toBe("running");
    server.jobs.start("contact-import-recovery");
    await waitFor(async () => (await ongoing(server, admin))?.status === "failed", "the orphaned import to be declared failed");
    expect(await ongoing(server, admin)).toMatchObject({ id, error: "ERR_IMPORT_INTERRUPTED", successCount: 2 });

    // The dead process's runner, were it to go on, writes nothing more.
    gate.release();
    await first.server.close();
    servers.splice(servers.indexOf(first.server), 1);
    expect(await ongoing(server, admin)).toMatchObject({ id, status: "failed", successCount: 2 });
    expect(await storedContacts()).toBe(2);
  });

  it("does not block the next import even before the recovery job ran", async () => {
    const gate = batchGate(1);
    const first = await serverOn({ beforeBatch: gate.beforeBatch });
    const id = await heldImport(first.server, first.admin, gate);
    await killImportSession();

    const { server, admin } = await serverOn();
    const next = await importAndWait(server, admin, { csv: atendoCsv(3, 5511800000000), templateType: "atendo" });
    expect(next).toMatchObject({ status: "finished", successCount: 3 });
    const [orphan] = await database.db.select().from(contactImports).where(sql`${contactImports.id} = ${id}`);
    expect(orphan).toMatchObject({ status: "failed", error: "ERR_IMPORT_INTERRUPTED" });
  });
});
