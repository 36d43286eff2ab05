import { destinationKinds, type Announcement } from "@atendo/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { createQueue } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { anonymous, expectError, expectRefused, resourceCalls } from "../../test/route-guards.js";
import { createAnnouncement, createUra, to } from "../../test/routing-fixtures.js";

const t = useAdminServer();
let queueId: number;
beforeAll(async () => {
  queueId = (await createQueue(t.server, t.admin)).id;
});

const form = (name: string, destinationType = "queue", destinationItem: number | string = queueId) => ({
  name,
  description: "We are closed for the holiday.",
  destinationType,
  destinationItem,
});

function post(payload: object) {
  return t.server.request({ method: "POST", url: "/api/announcements", token: t.admin, payload });
}

function put(id: number, payload: object) {
  return t.server.request({ method: "PUT", url: `/api/announcements/${id}`, token: t.admin, payload });
}

describe("announcement routes: guards", () => {
  const calls = () => resourceCalls("/api/announcements", { create: form("Guarded"), update: form("Guarded") });

  it("reject anonymous users on every route", async () => {
    await expectRefused(t.server, calls(), anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("reject attendants on every route (an admin screen)", async () => {
    await createAnnouncement(t.server, t.admin, to("queue", queueId));
    const attendant = await t.server.createUser();
    await expectRefused(t.server, calls(), attendant.token, 403, "ERR_NO_PERMISSION");
  });

  it("answer ERR_NO_ANNOUNCEMENT_FOUND for a missing id on read, update and delete", async () => {
    const url = "/api/announcements/999999";
    const calls = [
      { method: "GET", url },
      { method: "PUT", url, payload: form("Missing") },
      { method: "DELETE", url },
    ] as const;
    await expectRefused(t.server, calls, t.admin, 404, "ERR_NO_ANNOUNCEMENT_FOUND");
  });
});

describe("POST, PUT and GET /api/announcements", () => {
  it("creates, shows, lists by name and changes an announcement", async () => {
    const response = await post(form("Holiday", "queue", String(queueId)));
    expect(response.statusCode).toBe(201);
    const created = response.json() as Announcement;
    expect(created).toMatchObject({
      name: "Holiday",
      description: "We are closed for the holiday.",
      destination: { destinationType: "queue", destinationTypeId: queueId },
    });
    expect((await t.server.request({ method: "GET", url: `/api/announcements/${created.id}`, token: t.admin })).json()).toEqual(created);

    const user = await t.server.createUser();
    const changed = (await put(created.id, { ...form("Holiday hours", "users", user.id), description: "Open at 10." })).json();
    expect(changed).toMatchObject({ name: "Holiday hours", description: "Open at 10.", destination: { destinationType: "users", destinationTypeId: user.id } });

    const all = (await t.server.request({ method: "GET", url: "/api/announcements", token: t.admin })).json() as Announcement[];
    const names = all.map((a) => a.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(all.find((a) => a.id === created.id)).toEqual(changed);
  });

  it("requires name, description, destination type and item", async () => {
    const { name: _n, ...noName } = form("x");
    const { description: _d, ...noDescription } = form("No description");
    const { destinationItem: _i, ...noItem } = form("No item");
    for (const payload of [noName, noDescription, noItem, form(""), form("Bad type", "nowhere"), form("Bad item", "queue", "x")]) {
      await expectError(post(payload), 400, "ERR_MISSING_VALUES");
    }
  });

  it("keeps names unique regardless of case, on create and on rename", async () => {
    const first = await createAnnouncement(t.server, t.admin, to("queue", queueId), { name: "Closed today" });
    await expectError(post(form("CLOSED TODAY")), 409, "ERR_ANNOUNCEMENT_NAME_EXISTS");
    const second = await createAnnouncement(t.server, t.admin, to("queue", queueId));
    await expectError(put(second.id, form("closed today")), 409, "ERR_ANNOUNCEMENT_NAME_EXISTS");
    expect((await put(first.id, form("Closed Today"))).statusCode).toBe(200);
  });

  it("refuses missing destinations of every kind", async () => {
    for (const kind of destinationKinds) {
      await expectError(post(form(`Nowhere ${kind}`, kind, 999_999)), 404, "ERR_NO_DESTINATION_FOUND");
    }
  });
});

describe("announcement loops", () => {
  it("refuses an announcement leading to itself", async () => {
    const alone = await createAnnouncement(t.server, t.admin, to("queue", queueId));
    await expectError(put(alone.id, form(alone.name, "announcements", alone.id)), 400, "ERR_DESTINATION_LOOP");
  });

  it("refuses closing a circle of announcements (A → B → C → A), changing nothing", async () => {
    const a = await createAnnouncement(t.server, t.admin, to("queue", queueId));
    const b = await createAnnouncement(t.server, t.admin, to("announcements", a.id));
    const c = await createAnnouncement(t.server, t.admin, to("announcements", b.id));
    await expectError(put(a.id, form(a.name, "announcements", c.id)), 400, "ERR_DESTINATION_LOOP");
    await expectError(put(a.id, form(a.name, "announcements", b.id)), 400, "ERR_DESTINATION_LOOP");
    expect((await t.server.request({ method: "GET", url: `/api/announcements/${a.id}`, token: t.admin })).json()).toEqual(a);
  });

  it("allows a circle with a menu in it: the menu waits for the customer", async () => {
    const a = await createAnnouncement(t.server, t.admin, to("queue", queueId));
    const ura = await createUra(t.server, t.admin, to("announcements", a.id));
    const b = await createAnnouncement(t.server, t.admin, to("uras", ura.id));
    const response = await put(a.id, form(a.name, "announcements", b.id));
    expect(response.statusCode).toBe(200);
    expect(response.json().destination).toEqual({ destinationType: "announcements", destinationTypeId: b.id });
  });

  it("lets concurrent saves close no circle: of A → B and B → A at once, one is refused", async () => {
    const a = await createAnnouncement(t.server, t.admin, to("queue", queueId));
    const b = await createAnnouncement(t.server, t.admin, to("queue", queueId));
    const answers = await Promise.all([put(a.id, form(a.name, "announcements", b.id)), put(b.id, form(b.name, "announcements", a.id))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe("DELETE /api/announcements/:id", () => {
  it("deletes an announcement nothing leads to", async () => {
    const announcement = await createAnnouncement(t.server, t.admin, to("queue", queueId));
    expect((await t.server.request({ method: "DELETE", url: `/api/announcements/${announcement.id}`, token: t.admin })).json()).toEqual({ ok: true });
    await expectError(t.server.request({ method: "GET", url: `/api/announcements/${announcement.id}`, token: t.admin }), 404, "ERR_NO_ANNOUNCEMENT_FOUND");
  });
});
