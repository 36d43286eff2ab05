import { limits, type Queue } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueColor } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectRefused } from "../../test/route-guards.js";

/** A queue's SLA targets (issue 30): a field of POST/PUT /api/queue and of every queue answer. */
let server: TestServer;
let admin: string;
let attendant: { id: number; token: string };
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = await server.createUser({ name: "Attendant Sam" });
});
afterAll(() => server.close());

const post = (payload: object, token = admin) => server.request({ method: "POST", url: "/api/queue", token, payload });
const put = (id: number, payload: object, token = admin) => server.request({ method: "PUT", url: `/api/queue/${id}`, token, payload });
const named = (name: string) => ({ name, color: uniqueColor() });

describe("queue SLA targets", () => {
  it("only admins set them: anonymous 401, an attendant 403, with otherwise valid bodies", async () => {
    const sla = { firstResponseMinutes: 15, resolutionMinutes: 240 };
    const calls = [
      { method: "POST" as const, url: "/api/queue", payload: { ...named("Guarded"), sla } },
      { method: "PUT" as const, url: "/api/queue/1", payload: { sla } },
    ];
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, calls, attendant.token, 403, "ERR_NO_PERMISSION");
  });

  it("are none by default, saved and answered as given, and read by attendants too", async () => {
    const plain = (await post(named("No Targets"))).json() as Queue;
    expect(plain.sla).toEqual({ firstResponseMinutes: null, resolutionMinutes: null });
    const created = await post({ ...named("Support SLA"), sla: { firstResponseMinutes: 15, resolutionMinutes: null } });
    expect(created.statusCode).toBe(201);
    const queue = created.json() as Queue;
    expect(queue.sla).toEqual({ firstResponseMinutes: 15, resolutionMinutes: null });
    const read = await server.request({ method: "GET", url: `/api/queue/${queue.id}`, token: attendant.token });
    expect((read.json() as Queue).sla).toEqual({ firstResponseMinutes: 15, resolutionMinutes: null });
  });

  it("PUT replaces both targets when given and leaves them when not", async () => {
    const queue = (await post({ ...named("Changing SLA"), sla: { firstResponseMinutes: 10, resolutionMinutes: 100 } })).json() as Queue;
    expect((await put(queue.id, { greetingMessage: "Hi" })).json().sla).toEqual({ firstResponseMinutes: 10, resolutionMinutes: 100 });
    expect((await put(queue.id, { sla: { firstResponseMinutes: null, resolutionMinutes: 60 } })).json().sla).toEqual({ firstResponseMinutes: null, resolutionMinutes: 60 });
  });

  it("accepts whole minutes from 1 to limits.slaMinutes.max and refuses the rest (400 ERR_MISSING_VALUES)", async () => {
    const { min, max } = limits.slaMinutes;
    expect((await post({ ...named("Min SLA"), sla: { firstResponseMinutes: min, resolutionMinutes: max } })).statusCode).toBe(201);
    const queue = (await post(named("Bounds SLA"))).json() as Queue;
    for (const minutes of [min - 1, max + 1, 1.5, -5, "15"]) {
      for (const answer of [
        await post({ ...named(`Bad ${String(minutes)}`), sla: { firstResponseMinutes: minutes, resolutionMinutes: null } }),
        await put(queue.id, { sla: { firstResponseMinutes: null, resolutionMinutes: minutes } }),
      ]) {
        expect(answer.statusCode, String(minutes)).toBe(400);
        expect(answer.json().error, String(minutes)).toBe("ERR_MISSING_VALUES");
      }
    }
    // Both targets are named: half an `sla` is refused rather than guessed.
    expect((await put(queue.id, { sla: { firstResponseMinutes: 5 } })).statusCode).toBe(400);
    expect(((await server.request({ method: "GET", url: `/api/queue/${queue.id}`, token: admin })).json() as Queue).sla).toEqual({
      firstResponseMinutes: null,
      resolutionMinutes: null,
    });
  });
});
