import type { DestinationReferrer, ErrorResponse } from "@atendo/contracts";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { expectError } from "../../test/route-guards.js";
import { createAnnouncement, createMonitoring, createUra, to } from "../../test/routing-fixtures.js";

const t = useAdminServer();
let spareQueueId: number;
beforeAll(async () => {
  spareQueueId = (await createQueue(t.server, t.admin)).id;
});

const remove = (url: string) => t.server.request({ method: "DELETE", url, token: t.admin });
const put = (url: string, payload: object) => t.server.request({ method: "PUT", url, token: t.admin, payload });

function expectInUse(response: LightMyRequestResponse, usedBy: DestinationReferrer[]): ErrorResponse {
  expect(response.statusCode).toBe(409);
  const body = response.json() as ErrorResponse;
  expect(body).toMatchObject({ error: "ERR_DESTINATION_IN_USE", usedBy });
  return body;
}

/** Points a connection elsewhere (the spare queue). */
const repointConnection = (id: number) => put(`/api/whatsapp/${id}`, { destinationType: "queue", destinationItem: spareQueueId });

describe("deletes refused while a destination still uses the target", () => {
  it("names every connection, menu and announcement leading to a queue, in the message and in usedBy", async () => {
    const queue = await createQueue(t.server, t.admin);
    const connection = await createConnection(t.server, t.admin, { name: "Demo", destinationType: "queue", destinationItem: queue.id });
    const menu = await createUra(t.server, t.admin, to("queue", queue.id), {
      name: "Main",
      uraItems: ["1", "2"].map((selector) => ({ selector, menuName: `Option ${selector}`, ...to("queue", queue.id) })),
    });
    const announcement = await createAnnouncement(t.server, t.admin, to("queue", queue.id), { name: "Closed today" });

    const body = expectInUse(await remove(`/api/queue/${queue.id}`), [
      { type: "connection", id: connection.id, name: "Demo" },
      { type: "ura", id: menu.id, name: "Main" },
      { type: "announcement", id: announcement.id, name: "Closed today" },
    ]);
    expect(body.message).toBe("It cannot be deleted: connection “Demo”, menu “Main”, announcement “Closed today” still send customers to it. Point them elsewhere first.");
    expect((await t.server.request({ method: "GET", url: `/api/queue/${queue.id}`, token: t.admin })).statusCode).toBe(200);
  });

  it("queue used by a connection: refused, then deleted once the connection is re-pointed", async () => {
    const queue = await createQueue(t.server, t.admin);
    const connection = await createConnection(t.server, t.admin, { name: "Sales line", destinationType: "queue", destinationItem: queue.id });
    const body = expectInUse(await remove(`/api/queue/${queue.id}`), [{ type: "connection", id: connection.id, name: "Sales line" }]);
    expect(body.message).toBe("It cannot be deleted: connection “Sales line” still sends customers to it. Point them elsewhere first.");
    expect((await repointConnection(connection.id)).statusCode).toBe(200);
    expect((await remove(`/api/queue/${queue.id}`)).statusCode).toBe(200);
  });

  it("user used by a menu option: removal (DELETE or isDeleted) refused until the option is re-pointed", async () => {
    const user = await t.server.createUser();
    const menu = await createUra(t.server, t.admin, to("users", user.id), { name: "Direct line" });
    const usedBy = [{ type: "ura" as const, id: menu.id, name: "Direct line" }];
    expectInUse(await remove(`/api/users/${user.id}`), usedBy);
    expectInUse(await put(`/api/users/${user.id}`, { isDeleted: true }), usedBy);
    expect((await t.server.request({ method: "GET", url: `/api/users/${user.id}`, token: t.admin })).json().isDeleted).toBe(false);

    const [item] = menu.uraItems;
    const repointed = { ...item, ...to("queue", spareQueueId), action: "update" };
    expect((await put(`/api/uras/${menu.id}`, { name: menu.name, description: menu.description, uraItems: [repointed] })).statusCode).toBe(200);
    expect((await remove(`/api/users/${user.id}`)).statusCode).toBe(200);
  });

  it("user owning a monitoring: removal refused, naming the monitoring, until it has another owner", async () => {
    const user = await t.server.createUser();
    const monitoring = await createMonitoring(t.server, t.admin, user.id, { name: "Alarm panel" });
    const body = expectInUse(await remove(`/api/users/${user.id}`), [{ type: "monitoring", id: monitoring.id, name: "Alarm panel" }]);
    expect(body.message).toContain("monitoring “Alarm panel”");
    const other = await t.server.createUser();
    expect((await put(`/api/monitorings/${monitoring.id}`, { name: monitoring.name, status: "open", userId: other.id })).statusCode).toBe(200);
    expect((await remove(`/api/users/${user.id}`)).statusCode).toBe(200);
  });

  it("menu used by an announcement: refused, then deleted once the announcement is re-pointed", async () => {
    const menu = await createUra(t.server, t.admin, to("queue", spareQueueId));
    const announcement = await createAnnouncement(t.server, t.admin, to("uras", menu.id), { name: "Welcome" });
    expectInUse(await remove(`/api/uras/${menu.id}`), [{ type: "announcement", id: announcement.id, name: "Welcome" }]);
    const form = { name: announcement.name, description: announcement.description, destinationType: "queue", destinationItem: spareQueueId };
    expect((await put(`/api/announcements/${announcement.id}`, form)).statusCode).toBe(200);
    expect((await remove(`/api/uras/${menu.id}`)).statusCode).toBe(200);
  });

  it("menu used by another menu: refused, naming the other menu", async () => {
    const sub = await createUra(t.server, t.admin, to("queue", spareQueueId), { name: "Sub-menu" });
    const main = await createUra(t.server, t.admin, to("uras", sub.id), { name: "Top menu" });
    expectInUse(await remove(`/api/uras/${sub.id}`), [{ type: "ura", id: main.id, name: "Top menu" }]);
  });

  it("announcement used by a connection: refused, then deleted once the connection is re-pointed", async () => {
    const announcement = await createAnnouncement(t.server, t.admin, to("queue", spareQueueId));
    const connection = await createConnection(t.server, t.admin, { name: "Night line", destinationType: "announcements", destinationItem: announcement.id });
    expectInUse(await remove(`/api/announcements/${announcement.id}`), [{ type: "connection", id: connection.id, name: "Night line" }]);
    expect((await repointConnection(connection.id)).statusCode).toBe(200);
    expect((await remove(`/api/announcements/${announcement.id}`)).statusCode).toBe(200);
  });

  it("monitoring used by a menu option: refused, then deleted once the menu is gone", async () => {
    const owner = await t.server.createUser();
    const monitoring = await createMonitoring(t.server, t.admin, owner.id);
    const menu = await createUra(t.server, t.admin, to("monitorings", monitoring.id), { name: "Alerts menu" });
    expectInUse(await remove(`/api/monitorings/${monitoring.id}`), [{ type: "ura", id: menu.id, name: "Alerts menu" }]);
    expect((await remove(`/api/uras/${menu.id}`)).statusCode).toBe(200);
    expect((await remove(`/api/monitorings/${monitoring.id}`)).statusCode).toBe(200);
  });

  it("refuses saving a destination deleted meanwhile (404 ERR_NO_DESTINATION_FOUND)", async () => {
    const queue = await createQueue(t.server, t.admin);
    expect((await remove(`/api/queue/${queue.id}`)).statusCode).toBe(200);
    const payload = { name: "Too late", description: "x", destinationType: "queue", destinationItem: queue.id };
    await expectError(t.server.request({ method: "POST", url: "/api/announcements", token: t.admin, payload }), 404, "ERR_NO_DESTINATION_FOUND");
  });
});
