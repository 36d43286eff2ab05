import type { Connection, Message } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections } from "../db/schema/index.js";
import { createConnection, inbound } from "../test/channel-fixtures.js";
import { createQueue } from "../test/fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";
import { startReceiver, webhookDeliveriesOf } from "../test/webhook-receiver.js";
import { isPrivateAddress } from "./outbound-guard.js";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe", // NAT64 of 169.254.169.254
    "2002:c0a8:101::1", // 6to4 of 192.168.1.1
  ])("%s is not public", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

// Names resolve through this table, as a DNS server would answer at each moment.
const dns = new Map<string, string[]>();
let server: TestServer;
let admin: string;
let queueId: number;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  server = await createTestServer(
    { WEBHOOK_ALLOW_PRIVATE: "false" },
    {
      resolveHost: async (hostname) => {
        const addresses = dns.get(hostname);
        if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
        return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      },
    },
  );
  admin = await server.adminToken();
  queueId = (await createQueue(server, admin, { greetingMessage: "" })).id;
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const create = (webhookUrl: string) =>
  server.request({ method: "POST", url: "/api/whatsapp", token: admin, payload: { name: `Hook ${Math.random()}`, kind: "api", destinationType: "queue", destinationItem: queueId, webhookUrl } });

async function reply(connection: Connection): Promise<Message> {
  const { ticketId } = await inbound(server, connection);
  const response = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "Reply" } });
  expect(response.statusCode).toBe(201);
  return (response.json() as { messages: Message[] }).messages[0]!;
}

async function deliveryOf(messageId: number) {
  const [row] = await webhookDeliveriesOf(server.ctx.db, messageId);
  return row;
}

describe("webhook URLs on private networks (WEBHOOK_ALLOW_PRIVATE off)", () => {
  it("are refused when saved with 400 ERR_WEBHOOK_URL_NOT_ALLOWED, literal or by a name that resolves to one", async () => {
    dns.set("intranet.example", ["192.168.1.10"]);
    dns.set("mixed.example", ["93.184.216.34", "10.0.0.1"]);
    const refused = [
      "http://127.0.0.1:9/hook",
      "http://[::1]/hook",
      "http://10.0.0.5/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://localhost:8080/",
      "http://api.localhost/",
      "http://2130706433/", // 127.0.0.1 spelled as one number
      "http://0x7f.1/",
      "http://intranet.example/hook",
      "http://mixed.example/hook",
    ];
    for (const url of refused) {
      const response = await create(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toBe("ERR_WEBHOOK_URL_NOT_ALLOWED");
    }
  });

  it("accept a public address, and a name that does not resolve yet (every delivery checks again)", async () => {
    dns.set("hooks.example", ["93.184.216.34"]);
    for (const url of ["https://hooks.example/atendo", "https://93.184.216.34/hook", "https://not-yet.example/hook"]) {
      expect((await create(url)).statusCode, url).toBe(201);
    }
  });

  it("are refused on update too, leaving the saved URL as it was", async () => {
    dns.set("hooks.example", ["93.184.216.34"]);
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queueId, webhookUrl: "https://hooks.example/a" });
    const response = await server.request({ method: "PUT", url: `/api/whatsapp/${connection.id}`, token: admin, payload: { webhookUrl: "http://192.168.0.1/admin" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_WEBHOOK_URL_NOT_ALLOWED");
    const [row] = await server.ctx.db.select({ url: connections.webhookUrl }).from(connections).where(eq(connections.id, connection.id));
    expect(row?.url).toBe("https://hooks.example/a");
  });

  it("are refused at delivery when the name has come to resolve to one since it was saved (DNS rebinding)", async () => {
    const port = new URL(receiver.url).port;
    dns.set("rebind.example", ["93.184.216.34"]);
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queueId, webhookUrl: `http://rebind.example:${port}/hook` });
    dns.set("rebind.example", ["127.0.0.1"]); // where the receiver listens
    const message = await reply(connection);
    const before = receiver.received.length;
    expect(await server.ctx.eventOutbox.runOnce()).toBeGreaterThanOrEqual(1);
    expect(receiver.received.length).toBe(before);
    expect(await deliveryOf(message.id)).toMatchObject({ status: "pending", lastError: expect.stringContaining("not allowed") });
  });

  it("are refused at delivery for an address saved before the rule (or while it was off)", async () => {
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queueId });
    await server.ctx.db.update(connections).set({ webhookUrl: receiver.url }).where(eq(connections.id, connection.id));
    const message = await reply(connection);
    const before = receiver.received.length;
    expect(await server.ctx.eventOutbox.runOnce()).toBeGreaterThanOrEqual(1);
    expect(receiver.received.length).toBe(before);
    expect(await deliveryOf(message.id)).toMatchObject({ status: "pending", lastError: expect.stringContaining("not allowed") });
  });
});

describe("webhook URLs on private networks (WEBHOOK_ALLOW_PRIVATE on)", () => {
  it("are saved and delivered: a gateway on the install's own network", async () => {
    const allowed = await createTestServer({ WEBHOOK_ALLOW_PRIVATE: "true" });
    try {
      const token = await allowed.adminToken();
      const queue = await createQueue(allowed, token, { greetingMessage: "" });
      const connection = await createConnection(allowed, token, { destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url });
      const { ticketId } = await inbound(allowed, connection);
      expect((await allowed.request({ method: "POST", url: `/api/messages/${ticketId}`, token, payload: { body: "Hi" } })).statusCode).toBe(201);
      const before = receiver.received.length;
      expect(await allowed.ctx.eventOutbox.runOnce()).toBe(1);
      expect(receiver.received.slice(before).map((r) => r.payload)).toEqual([expect.objectContaining({ event: "message", body: "Hi" })]);
    } finally {
      await allowed.close();
    }
  });
});
