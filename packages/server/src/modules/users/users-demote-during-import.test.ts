import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { waitFor } from "../../test/wait-for.js";
import { ongoing, postImport } from "../../test/contact-import-fixtures.js";

/**
 * The last-admin guard and the contact import each take an advisory lock (db/locks.ts); they
 * once shared an id, so demoting an admin waited for a running import to end.
 */

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

/** 20,000 new contacts, name and number only (about 440 kB, under the upload limit). */
function bigFile(): string {
  const lines = ["name,number"];
  for (let i = 0; i < 20_000; i++) lines.push(`Contact ${i},${5511_930_000_000 + i}`);
  return `${lines.join("\n")}\n`;
}

describe("demoting an admin while a contact import runs", () => {
  it("answers at once: the import is still running when the demotion has been made", async () => {
    const other = await server.createUser({ profile: "admin" });
    const started = await postImport(server, admin, { csv: bigFile(), templateType: "atendo" });
    expect(started.statusCode).toBe(202);
    const id = (started.json() as { import: { id: number } }).import.id;
    // Observably running: the import holds its lock and has written its first rows.
    await waitFor(async () => {
      const current = await ongoing(server, admin);
      return current?.id === id && current.status === "running" && current.successCount > 0;
    }, "the import to write its first rows", 20_000);

    const demoted = await server.request({ method: "PUT", url: `/api/users/${other.id}`, token: admin, payload: { profile: "user" } });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ id: other.id, profile: "user" });
    const during = await ongoing(server, admin);
    expect(during).toMatchObject({ id, status: "running" });
    expect(during?.successCount).toBeLessThan(20_000);

    await waitFor(async () => (await ongoing(server, admin))?.status !== "running", "the import to end", 50_000);
    expect(await ongoing(server, admin)).toMatchObject({ id, status: "finished", successCount: 20_000 });
    // 20,000 rows on a loaded machine: more than the project's 30 s default.
  }, 60_000);
});
