import { beforeAll, describe, expect, it } from "vitest";
import { createQueue } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { anonymous, expectRefused, type RouteCall } from "../../test/route-guards.js";
import { createAnnouncement, createMonitoring, createUra, to } from "../../test/routing-fixtures.js";

const t = useAdminServer();
let queueId: number;
beforeAll(async () => {
  queueId = (await createQueue(t.server, t.admin, { name: "Destinations Queue" })).id;
});

const items = async (kind: string) => (await t.server.request({ method: "GET", url: `/api/destinationtype/${kind}/items`, token: t.admin })).json() as unknown[];

describe("destination routes: guards", () => {
  const calls: RouteCall[] = [
    { method: "GET", url: "/api/destinationtype" },
    { method: "GET", url: "/api/destinationtype/queue/items" },
  ];

  it("reject anonymous users", async () => {
    await expectRefused(t.server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("reject attendants (destinations are chosen on admin screens)", async () => {
    await expectRefused(t.server, calls, (await t.server.createUser()).token, 403, "ERR_NO_PERMISSION");
  });
});

describe("GET /api/destinationtype and its items", () => {
  it("lists the six kinds, all available", async () => {
    const types = (await t.server.request({ method: "GET", url: "/api/destinationtype", token: t.admin })).json();
    expect(types).toEqual([
      { id: "users", name: "users", available: true },
      { id: "queue", name: "queue", available: true },
      { id: "announcements", name: "announcements", available: true },
      { id: "uras", name: "uras", available: true },
      { id: "monitorings", name: "monitorings", available: true },
      { id: "bots", name: "bots", available: true },
    ]);
  });

  it("lists the items of each kind: queues, active users, menus, announcements, monitorings", async () => {
    const removed = await t.server.createUser({ name: "Removed Person" });
    await t.server.request({ method: "DELETE", url: `/api/users/${removed.id}`, token: t.admin });
    const owner = await t.server.createUser({ name: "Owner Person" });
    const menu = await createUra(t.server, t.admin, to("queue", queueId), { name: "Main menu" });
    const announcement = await createAnnouncement(t.server, t.admin, to("uras", menu.id), { name: "Welcome text" });
    const monitoring = await createMonitoring(t.server, t.admin, owner.id, { name: "Alarm watch" });

    expect(await items("queue")).toContainEqual({ id: queueId, name: "Destinations Queue" });
    const people = ((await items("users")) as Array<{ name: string }>).map((p) => p.name);
    expect(people).toEqual(expect.arrayContaining(["Administrator", "Owner Person"]));
    expect(people).not.toContain("Removed Person");
    expect(await items("uras")).toEqual([{ id: menu.id, name: "Main menu" }]);
    expect(await items("announcements")).toEqual([{ id: announcement.id, name: "Welcome text" }]);
    expect(await items("monitorings")).toEqual([{ id: monitoring.id, name: "Alarm watch" }]);
  });

  it("refuses an unknown kind", async () => {
    const response = await t.server.request({ method: "GET", url: "/api/destinationtype/nope/items", token: t.admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
  });
});
