import { contactsImportsEvent, type ContactsImportsEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { recordEvents, settle, socketPool } from "../../test/socket-client.js";
import { waitFor } from "../../test/wait-for.js";
import { atendoCsv, postImport } from "../../test/contact-import-fixtures.js";

let server: TestServer;
let baseUrl = "";
const sockets = socketPool(() => baseUrl);
beforeAll(async () => {
  // Batches of 2 and no pause between progress events: 6 rows give a predictable sequence.
  server = await createTestServer({}, { contactImport: { batchSize: 2, progressIntervalMs: 0 } });
  baseUrl = await server.listen();
});
afterAll(async () => {
  sockets.closeAll();
  await server.close();
});

function listen(socket: Socket): ContactsImportsEvent[] {
  return recordEvents<ContactsImportsEvent>(socket, "ContactsImports");
}

describe("ContactsImports events", () => {
  it("tell every admin, and no attendant, the import's progress and its end", async () => {
    const admin = await server.adminToken();
    const otherAdmin = await server.createUser({ profile: "admin" });
    const attendant = await server.createUser();
    const adminSocket = await sockets.connect(admin);
    const otherAdminSocket = await sockets.connect(otherAdmin.token);
    const attendantSocket = await sockets.connect(attendant.token);
    const heard = [listen(adminSocket), listen(otherAdminSocket)];
    const attendantHeard = listen(attendantSocket);

    const response = await postImport(server, admin, { csv: atendoCsv(6), templateType: "atendo" });
    expect(response.statusCode).toBe(202);
    await waitFor(() => heard.every((events) => events.some((event) => event.action === "finishedImport")), "finishedImport on both admin sockets");

    for (const events of heard) {
      for (const event of events) expect(contactsImportsEvent.parse(event)).toEqual(event);
      expect(events.map((e) => [e.action, e.progress, e.successCount, e.import.status])).toEqual([
        ["progressEvent", 0, 0, "running"],
        ["progressEvent", 33, 2, "running"],
        ["progressEvent", 66, 4, "running"],
        ["finishedImport", 100, 6, "finished"],
      ]);
      expect(events.every((e) => e.totalCount === 6 && e.import.id === response.json().import.id)).toBe(true);
    }
    await settle(attendantSocket);
    expect(attendantHeard).toEqual([]);
  });

  it("are sent once the process is free: an admin may start the next import on hearing finishedImport", async () => {
    const admin = await server.adminToken();
    const socket = await sockets.connect(admin);
    const next = new Promise<number>((resolve) => {
      socket.on("ContactsImports", (event: ContactsImportsEvent) => {
        if (event.action !== "finishedImport" || event.import.totalCount !== 4) return;
        void postImport(server, admin, { csv: atendoCsv(2, 5511700000000), templateType: "atendo" }).then((response) => resolve(response.statusCode));
      });
    });
    expect((await postImport(server, admin, { csv: atendoCsv(4, 5511600000000), templateType: "atendo" })).statusCode).toBe(202);
    expect(await next).toBe(202);
    await waitFor(async () => (await server.request({ method: "GET", url: "/api/contact-import/can-import", token: admin })).json().canImport === true, "the second import to end");
  });
});
