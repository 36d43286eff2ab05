import type { Connection, PushPayload, PushSubscriptionList, Queue } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pushSubscriptions } from "../../db/schema/index.js";
import { createConnection, inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { pngBytes } from "../../test/media-samples.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { browserKeys, decryptPush, startPushEndpoint, verifyVapid, type BrowserKeys } from "../../test/push-endpoint.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { connectSocket } from "../../test/socket-client.js";
import { waitFor } from "../../test/wait-for.js";

let server: TestServer;
let baseUrl: string;
let admin: string;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let queue: Queue;
let api: Connection;
let seq = 0;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  baseUrl = await server.listen();
  endpoint = await startPushEndpoint();
  queue = await createQueue(server, admin);
  api = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
});

afterAll(async () => {
  await server.close();
  await endpoint.close();
});

/** A browser of `token`'s user subscribed through the API, with its own path on the local push service. */
async function subscribeBrowser(token: string) {
  const keys = browserKeys();
  const path = `browser-${++seq}`;
  const response = await server.request({
    method: "POST",
    url: "/api/push/subscriptions",
    token,
    payload: { endpoint: endpoint.url(path), keys: keys.json, language: "en" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { keys, path, id: (response.json() as { id: number }).id };
}

/** A queue member (an attendant) with one subscribed browser. */
async function attendantOf(target: Queue) {
  const user = await server.createUser();
  await server.request({ method: "PUT", url: `/api/queue/${target.id}`, token: admin, payload: { userIds: [...(await queueMembers(target.id)), user.id] } });
  return { ...user, browser: await subscribeBrowser(user.token) };
}

async function queueMembers(queueId: number): Promise<number[]> {
  const response = await server.request({ method: "GET", url: `/api/queue/${queueId}`, token: admin });
  return ((response.json() as { users?: { id: number }[] }).users ?? []).map((u) => u.id);
}

async function publicKey(): Promise<string> {
  return (await server.request({ method: "GET", url: "/api/push/public-key", token: admin })).json().publicKey as string;
}

function decrypted(body: Buffer, keys: BrowserKeys): PushPayload {
  return JSON.parse(decryptPush(body, keys)) as PushPayload;
}

describe("push routes", () => {
  it("refuse anonymous calls with 401 on every route", async () => {
    await expectRefused(
      server,
      [
        { method: "GET", url: "/api/push/public-key" },
        { method: "GET", url: "/api/push/subscriptions" },
        { method: "POST", url: "/api/push/subscriptions", payload: { endpoint: endpoint.url("x"), keys: browserKeys().json, language: "en" } },
        { method: "DELETE", url: "/api/push/subscriptions/1" },
      ],
      anonymous,
      401,
      "ERR_SESSION_EXPIRED",
    );
  });

  it("give every user the same VAPID public key, a P-256 point generated once and kept", async () => {
    const user = await server.createUser();
    const key = await publicKey();
    expect(Buffer.from(key, "base64url")).toHaveLength(65);
    expect((await server.request({ method: "GET", url: "/api/push/public-key", token: user.token })).json().publicKey).toBe(key);
  });

  it("validate the subscription: keys of the right size, an http(s) endpoint, a known language", async () => {
    const user = await server.createUser();
    const good = { endpoint: endpoint.url("v"), keys: browserKeys().json, language: "en" };
    for (const payload of [
      { ...good, keys: { ...good.keys, p256dh: "short" } },
      { ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString("base64url") } },
      { ...good, endpoint: "ftp://127.0.0.1/push" },
      { ...good, endpoint: "not a url" },
      { ...good, language: "fr" },
    ]) {
      await expectError(server.request({ method: "POST", url: "/api/push/subscriptions", token: user.token, payload }), 400, "ERR_MISSING_VALUES");
    }
  });

  it("refuse a p256dh of the right size that is no P-256 public key (no push could be encrypted for it)", async () => {
    const user = await server.createUser();
    const point = Buffer.from(browserKeys().json.p256dh, "base64url");
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 1;
    const compressedPrefix = Buffer.from(point);
    compressedPrefix[0] = 0x02;
    for (const key of [offCurve, compressedPrefix, Buffer.alloc(65)]) {
      const payload = { endpoint: endpoint.url("bad-key"), keys: { ...browserKeys().json, p256dh: key.toString("base64url") }, language: "en" };
      const answer = server.request({ method: "POST", url: "/api/push/subscriptions", token: user.token, payload });
      await expectError(answer, 400, "ERR_MISSING_VALUES");
      expect((await answer).json().message).toContain("keys.p256dh");
    }
    expect((await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).length).toBe(0);
  });

  it("list and delete only the user's own subscriptions; another user's is not found", async () => {
    const owner = await server.createUser();
    const other = await server.createUser();
    const mine = await subscribeBrowser(owner.token);
    const list = (await server.request({ method: "GET", url: "/api/push/subscriptions", token: owner.token })).json() as PushSubscriptionList;
    expect(list.subscriptions.map((s) => s.id)).toEqual([mine.id]);
    expect(list.subscriptions[0]).not.toHaveProperty("auth");
    const othersList = (await server.request({ method: "GET", url: "/api/push/subscriptions", token: other.token })).json() as PushSubscriptionList;
    expect(othersList.subscriptions).toEqual([]);
    await expectError(server.request({ method: "DELETE", url: `/api/push/subscriptions/${mine.id}`, token: other.token }), 404, "ERR_NO_PUSH_SUBSCRIPTION_FOUND");
    await expectError(server.request({ method: "DELETE", url: `/api/push/subscriptions/${mine.id}`, token: admin }), 404, "ERR_NO_PUSH_SUBSCRIPTION_FOUND");
    const removed = await server.request({ method: "DELETE", url: `/api/push/subscriptions/${mine.id}`, token: owner.token });
    expect(removed.statusCode).toBe(200);
    await expectError(server.request({ method: "DELETE", url: `/api/push/subscriptions/${mine.id}`, token: owner.token }), 404, "ERR_NO_PUSH_SUBSCRIPTION_FOUND");
  });

  it("move an endpoint subscribed again by another user to that user (one browser, the last sign-in)", async () => {
    const first = await server.createUser();
    const second = await server.createUser();
    const keys = browserKeys();
    const payload = { endpoint: endpoint.url(`shared-${++seq}`), keys: keys.json, language: "pt" };
    await server.request({ method: "POST", url: "/api/push/subscriptions", token: first.token, payload });
    expect((await server.request({ method: "POST", url: "/api/push/subscriptions", token: second.token, payload })).statusCode).toBe(201);
    const rows = await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, payload.endpoint));
    expect(rows.map((row) => row.userId)).toEqual([second.id]);
  });
});

describe("pushes of new inbound messages", () => {
  it("reach a queue member with no tab open: the body decrypts to the contact, the preview and the ticket's link, signed with the server's VAPID key", async () => {
    const attendant = await attendantOf(queue);
    const stored = await inbound(server, api, { from: { number: uniqueNumber(), name: "Maria Push" }, body: "Is my order on its way?" });
    await waitFor(() => endpoint.to(attendant.browser.path).length === 1, "the push");
    const [push] = endpoint.to(attendant.browser.path);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(decrypted(push!.body, attendant.browser.keys)).toEqual({
      title: "Maria Push",
      body: "Is my order on its way?",
      tag: `ticket-${stored.ticketId}`,
      url: `/tickets/${stored.ticketId}`,
    });
    const claims = await verifyVapid(push!.headers.authorization, await publicKey());
    expect(claims.aud).toBe(endpoint.origin);
    expect(claims.sub).toBe("mailto:admin@atendo.test");
    expect(claims.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
    await waitFor(async () => {
      const [row] = await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, attendant.browser.id));
      return row?.lastPushedAt !== null;
    }, "the delivery recorded");
  });

  it("label media in the subscribed browser's language", async () => {
    const attendant = await attendantOf(queue);
    const keys = browserKeys();
    const path = `pt-${++seq}`;
    await server.request({ method: "POST", url: "/api/push/subscriptions", token: attendant.token, payload: { endpoint: endpoint.url(path), keys: keys.json, language: "pt" } });
    await inbound(server, api, { body: "", media: { data: pngBytes.toString("base64"), mimeType: "image/png", fileName: "photo.png" } });
    await waitFor(() => endpoint.to(path).length === 1, "the push");
    expect(decrypted(endpoint.to(path)[0]!.body, keys).body).toBe("📷 Foto");
  });

  it("skip users with a connected socket, and users who may not see the ticket", async () => {
    const online = await attendantOf(queue);
    const witness = await attendantOf(queue);
    const outsider = await server.createUser();
    const outsiderBrowser = await subscribeBrowser(outsider.token);
    const otherQueue = await createQueue(server, admin);
    const elsewhere = await attendantOf(otherQueue);
    const adminBrowser = await subscribeBrowser(admin);
    const socket = await connectSocket(baseUrl, online.token);
    try {
      await inbound(server, api, { body: "Anyone there?" });
      await waitFor(() => endpoint.to(witness.browser.path).length === 1, "the witness's push");
      await server.ctx.push.idle();
      expect(endpoint.to(online.browser.path)).toEqual([]);
      expect(endpoint.to(outsiderBrowser.path)).toEqual([]);
      expect(endpoint.to(elsewhere.browser.path)).toEqual([]);
      // Admins see every ticket but are pushed only their own tickets and queues.
      expect(endpoint.to(adminBrowser.path)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it("go to the owner alone once an attendant accepted the ticket (the queue no longer sees it as waiting)", async () => {
    const owner = await attendantOf(queue);
    const colleague = await attendantOf(queue);
    const customer = { number: uniqueNumber(), name: "Owned Customer" };
    const first = await inbound(server, api, { from: customer, body: "First" });
    await waitFor(() => endpoint.to(owner.browser.path).length === 1 && endpoint.to(colleague.browser.path).length === 1, "both queue members pushed");
    const accepted = await server.request({ method: "PUT", url: `/api/tickets/${first.ticketId}`, token: owner.token, payload: { status: "open", action: "assigned" } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await inbound(server, api, { from: customer, body: "Second" });
    await waitFor(() => endpoint.to(owner.browser.path).length === 2, "the owner's second push");
    await server.ctx.push.idle();
    expect(decrypted(endpoint.to(owner.browser.path)[1]!.body, owner.browser.keys).body).toBe("Second");
    expect(endpoint.to(colleague.browser.path)).toHaveLength(1);
  });

  it("remove a subscription the push service answers 410 Gone (or 404) for", async () => {
    const attendant = await attendantOf(queue);
    endpoint.answerWith(410);
    const warnings = vi.spyOn(server.ctx.log, "warn");
    try {
      await inbound(server, api, { body: "Hello?" });
      await waitFor(() => endpoint.to(attendant.browser.path).length === 1, "the push");
      await waitFor(async () => (await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, attendant.browser.id))).length === 0, "the removal");
      await server.ctx.push.idle();
      expect(warnings.mock.calls.filter(([fields]) => JSON.stringify(fields).includes(`"subscriptionId":${attendant.browser.id}`))).toEqual([
        [{ subscriptionId: attendant.browser.id, userId: attendant.id, reason: "HTTP 410" }, "push subscription removed: the push service no longer knows it"],
      ]);
    } finally {
      warnings.mockRestore();
      endpoint.answerWith(201);
    }
    const list = (await server.request({ method: "GET", url: "/api/push/subscriptions", token: attendant.token })).json() as PushSubscriptionList;
    expect(list.subscriptions).toEqual([]);
  });

  it("remove a stored subscription whose keys cannot encrypt a push, with one log line, and still reach the others", async () => {
    const spoiled = await attendantOf(queue);
    const colleague = await attendantOf(queue);
    // Stored before subscribing checked the key: its point is not on the curve.
    const offCurve = Buffer.from(spoiled.browser.keys.json.p256dh, "base64url");
    offCurve[64] = offCurve[64]! ^ 1;
    await server.ctx.db.update(pushSubscriptions).set({ p256dh: offCurve.toString("base64url") }).where(eq(pushSubscriptions.id, spoiled.browser.id));
    const warnings = vi.spyOn(server.ctx.log, "warn");
    try {
      await inbound(server, api, { body: "Anyone?" });
      await waitFor(() => endpoint.to(colleague.browser.path).length === 1, "the colleague's push");
      await waitFor(async () => (await server.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, spoiled.browser.id))).length === 0, "the removal");
      await server.ctx.push.idle();
      const lines = warnings.mock.calls.filter(([fields]) => JSON.stringify(fields).includes(`"subscriptionId":${spoiled.browser.id}`) || JSON.stringify(fields).includes('"err"'));
      expect(lines).toEqual([[{ subscriptionId: spoiled.browser.id, userId: spoiled.id, reason: expect.any(String) }, "push subscription removed: its keys cannot encrypt a push"]]);
    } finally {
      warnings.mockRestore();
    }
    expect(endpoint.to(spoiled.browser.path)).toEqual([]);
  });
});

describe("push endpoints with WEBHOOK_ALLOW_PRIVATE off", () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await createTestServer(
      { WEBHOOK_ALLOW_PRIVATE: "false" },
      { resolveHost: async (host) => [{ address: host === "push.example" ? "93.184.216.34" : "10.0.0.8", family: 4 }] },
    );
  });
  afterAll(() => strict.close());

  it("refuse http, private and local endpoints with 400 ERR_PUSH_ENDPOINT_NOT_ALLOWED, and accept https on a public host", async () => {
    const token = await strict.adminToken();
    const post = (url: string) => strict.request({ method: "POST", url: "/api/push/subscriptions", token, payload: { endpoint: url, keys: browserKeys().json, language: "en" } });
    for (const url of ["http://push.example/send/1", "https://127.0.0.1/send", "https://[::1]/send", "https://localhost/send", "https://intranet.example/send", "https://192.168.0.2/send"]) {
      await expectError(post(url), 400, "ERR_PUSH_ENDPOINT_NOT_ALLOWED");
    }
    expect((await post("https://push.example/send/1")).statusCode).toBe(201);
  });
});
