import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.js";
import { createTestServer } from "../../test/harness.js";
import { waitFor } from "../../test/wait-for.js";
import { recoverOrphanedImports } from "./import-recovery.js";
import { atendoCsv, batchGate, failureRows, importAndWait, ongoing, postImport } from "../../test/contact-import-fixtures.js";

let database: Database;
beforeAll(async () => {
  database = openDatabase({ pgliteDir: "memory://" });
  await database.migrate();
});
afterAll(() => database.close());

// The PGlite fallback is one process: no lock session, the import this process runs is the only live one.
describe("contact import on PGlite", { timeout: 60_000 }, () => {
  it("imports, keeps its own running import, and a later start declares a left-over one failed", async () => {
    const gate = batchGate(1);
    const first = await createTestServer({}, { database, contactImport: { batchSize: 2, beforeBatch: gate.beforeBatch } });
    const admin = await first.adminToken();
    expect((await postImport(first, admin, { csv: atendoCsv(6), templateType: "atendo" })).statusCode).toBe(202);
    await gate.arrived;
    expect(await recoverOrphanedImports(first.ctx)).toBe(0);
    gate.release();
    await waitFor(async () => (await ongoing(first, admin))?.status === "finished", "the import to finish");
    expect(await ongoing(first, admin)).toMatchObject({ successCount: 6 });

    // A row still `running` when an app starts on this folder was left by a process that is gone.
    const held = batchGate(0);
    const dead = await createTestServer({}, { database, contactImport: { beforeBatch: held.beforeBatch } });
    expect((await postImport(dead, admin, { csv: atendoCsv(2, 5511800000000), templateType: "atendo" })).statusCode).toBe(202);
    await held.arrived;
    expect(await recoverOrphanedImports(first.ctx)).toBe(1);
    expect(await ongoing(first, admin)).toMatchObject({ status: "failed", error: "ERR_IMPORT_INTERRUPTED", successCount: 0 });
    await dead.close();
    const last = await importAndWait(first, admin, { csv: `${atendoCsv(2, 5511800000000)}Bad,123\n`, templateType: "atendo" });
    expect(last).toMatchObject({ status: "finished", successCount: 2, failedCount: 1 });
    expect((await failureRows(first, admin, last.id))[1]).toEqual(["4", "Bad", "123", "", "", "Invalid number: 8 to 50 digits with country and area code"]);
    await first.close();
  });
});
