import type { Monitoring } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { createQueue } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { anonymous, expectError, expectRefused, resourceCalls } from "../../test/route-guards.js";
import { createMonitoring } from "../../test/routing-fixtures.js";

const t = useAdminServer();
let owner: { id: number; token: string };
beforeAll(async () => {
  owner = await t.server.createUser({ name: "Owner Olga" });
});

const form = (name: string, extra: object = {}) => ({ name, status: "open", userId: owner.id, ...extra });

function post(payload: object) {
  return t.server.request({ method: "POST", url: "/api/monitorings", token: t.admin, payload });
}

function put(id: number, payload: object) {
  return t.server.request({ method: "PUT", url: `/api/monitorings/${id}`, token: t.admin, payload });
}

describe("monitoring routes: guards", () => {
  const calls = () => resourceCalls("/api/monitorings", { create: form("Guarded"), update: form("Guarded") });

  it("reject anonymous users on every route", async () => {
    await expectRefused(t.server, calls(), anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("reject attendants on every route (an admin screen), the owner too", async () => {
    await createMonitoring(t.server, t.admin, owner.id);
    const attendant = await t.server.createUser();
    await expectRefused(t.server, calls(), attendant.token, 403, "ERR_NO_PERMISSION");
    await expectRefused(t.server, calls(), owner.token, 403, "ERR_NO_PERMISSION");
  });

  it("answer ERR_NO_MONITORING_FOUND for a missing id on read, update and delete", async () => {
    const url = "/api/monitorings/999999";
    const calls = [
      { method: "GET", url },
      { method: "PUT", url, payload: form("Missing") },
      { method: "DELETE", url },
    ] as const;
    await expectRefused(t.server, calls, t.admin, 404, "ERR_NO_MONITORING_FOUND");
  });
});

describe("POST, PUT and GET /api/monitorings", () => {
  it("creates a monitoring with its owner and queue, ignoring the form's user and queue objects", async () => {
    const queue = await createQueue(t.server, t.admin, { name: "Alerts Queue", color: "#0A0B0C" });
    const response = await post(form("Server alerts", { status: "closed", queueId: String(queue.id), user: { id: 1, name: "Forged" }, queue: { id: 1 } }));
    expect(response.statusCode).toBe(201);
    const created = response.json() as Monitoring;
    expect(created).toMatchObject({
      name: "Server alerts",
      status: "closed",
      userId: owner.id,
      user: { id: owner.id, name: "Owner Olga" },
      queueId: queue.id,
      queue: { id: queue.id, name: "Alerts Queue", color: "#0A0B0C" },
    });
    expect((await t.server.request({ method: "GET", url: `/api/monitorings/${created.id}`, token: t.admin })).json()).toEqual(created);
  });

  it("takes an empty or null queue as none", async () => {
    for (const queueId of ["", null, undefined]) {
      const response = await post(form(`No queue ${String(queueId)}`, { queueId }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ queueId: null, queue: null });
    }
  });

  it("changes every field and lists monitorings by name", async () => {
    const monitoring = await createMonitoring(t.server, t.admin, owner.id, { queueId: (await createQueue(t.server, t.admin)).id });
    const other = await t.server.createUser({ name: "Other Owner" });
    const changed = (await put(monitoring.id, { name: "Renamed watch", status: "closed", userId: other.id, queueId: "" })).json();
    expect(changed).toMatchObject({ name: "Renamed watch", status: "closed", userId: other.id, user: { name: "Other Owner" }, queueId: null, queue: null });
    const all = (await t.server.request({ method: "GET", url: "/api/monitorings", token: t.admin })).json() as Monitoring[];
    const names = all.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(all.find((m) => m.id === monitoring.id)).toEqual(changed);
  });

  it("requires a name of at most 50, a status of open or closed and an owner", async () => {
    const max = limits.monitoringNameMax;
    for (const payload of [
      { status: "open", userId: owner.id },
      form(""),
      form("x".repeat(max + 1)),
      form("Bad status", { status: "pending" }),
      { name: "No owner", status: "open" },
      form("Bad owner", { userId: "1.5" }),
      form("Bad queue", { queueId: "x" }),
    ]) {
      await expectError(post(payload), 400, "ERR_MISSING_VALUES");
    }
    expect((await post(form("m".repeat(max)))).statusCode).toBe(201);
  });

  it("keeps names unique regardless of case", async () => {
    const first = await createMonitoring(t.server, t.admin, owner.id, { name: "Night watch" });
    await expectError(post(form("NIGHT WATCH")), 409, "ERR_MONITORING_NAME_EXISTS");
    const second = await createMonitoring(t.server, t.admin, owner.id);
    await expectError(put(second.id, form("night watch")), 409, "ERR_MONITORING_NAME_EXISTS");
    expect((await put(first.id, form("Night Watch"))).statusCode).toBe(200);
  });

  it("refuses a missing or removed owner and a missing queue", async () => {
    await expectError(post(form("Ghost owner", { userId: 999_999 })), 404, "ERR_NO_USER_FOUND");
    const gone = await t.server.createUser();
    await t.server.request({ method: "DELETE", url: `/api/users/${gone.id}`, token: t.admin });
    await expectError(post(form("Removed owner", { userId: gone.id })), 404, "ERR_NO_USER_FOUND");
    await expectError(post(form("Ghost queue", { queueId: 999_999 })), 404, "ERR_QUEUE_NOT_FOUND");
    const monitoring = await createMonitoring(t.server, t.admin, owner.id);
    await expectError(put(monitoring.id, form(monitoring.name, { userId: gone.id })), 404, "ERR_NO_USER_FOUND");
  });
});

describe("DELETE /api/monitorings/:id", () => {
  it("deletes a monitoring nothing leads to; its owner may then be removed", async () => {
    const lone = await t.server.createUser();
    const monitoring = await createMonitoring(t.server, t.admin, lone.id);
    expect((await t.server.request({ method: "DELETE", url: `/api/monitorings/${monitoring.id}`, token: t.admin })).json()).toEqual({ ok: true });
    await expectError(t.server.request({ method: "GET", url: `/api/monitorings/${monitoring.id}`, token: t.admin }), 404, "ERR_NO_MONITORING_FOUND");
    expect((await t.server.request({ method: "DELETE", url: `/api/users/${lone.id}`, token: t.admin })).statusCode).toBe(200);
  });

  it("shows no queue once its queue is deleted", async () => {
    const queue = await createQueue(t.server, t.admin);
    const monitoring = await createMonitoring(t.server, t.admin, owner.id, { queueId: queue.id });
    expect((await t.server.request({ method: "DELETE", url: `/api/queue/${queue.id}`, token: t.admin })).statusCode).toBe(200);
    const shown = (await t.server.request({ method: "GET", url: `/api/monitorings/${monitoring.id}`, token: t.admin })).json();
    expect(shown).toMatchObject({ queueId: null, queue: null });
  });
});
