import type { Connection } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";

let server: TestServer;
let admin: string;
let queueId: number;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  queueId = (await createQueue(server, admin, { name: "Channel settings" })).id;
});
afterAll(() => server.close());

const routeTo = () => ({ destinationType: "queue" as const, destinationItem: queueId });

async function create(payload: object) {
  return server.request({ method: "POST", url: "/api/whatsapp", token: admin, payload: { ...routeTo(), ...payload } });
}

const cloud = { phoneNumberId: "1234567890", businessAccountId: "9876543210", accessToken: "EAAG-token", appSecret: "app-secret", verifyToken: "verify-me-please" };

describe("a kind's own settings (issue 32)", () => {
  it("refuses a Cloud API, widget or Telegram connection without its settings", async () => {
    for (const kind of ["whatsapp_cloud", "webchat", "telegram"]) {
      const response = await create({ name: `No settings ${kind}`, kind });
      expect(response.statusCode, kind).toBe(400);
    }
  });

  it("keeps the Cloud API's secrets write-only and an update that leaves them out keeps them", async () => {
    const created = (await create({ name: "Cloud", kind: "whatsapp_cloud", cloud })).json() as Connection;
    expect(created.cloud).toEqual({
      phoneNumberId: cloud.phoneNumberId,
      businessAccountId: cloud.businessAccountId,
      accessTokenSet: true,
      appSecretSet: true,
      verifyTokenSet: true,
      webhookPath: `/api/channels/whatsapp-cloud/${created.id}/webhook`,
    });
    expect(JSON.stringify(created)).not.toContain(cloud.accessToken);
    expect(created.webchat).toBeNull();
    const updated = await server.request({ method: "PUT", url: `/api/whatsapp/${created.id}`, token: admin, payload: { cloud: { phoneNumberId: "111" } } });
    expect(updated.statusCode).toBe(200);
    expect((updated.json() as Connection).cloud).toMatchObject({ phoneNumberId: "111", businessAccountId: cloud.businessAccountId, accessTokenSet: true });
    const row = await server.ctx.db.query.connections.findFirst({ where: (c, { eq }) => eq(c.id, created.id) });
    expect(row?.channelSecrets).toEqual({ accessToken: cloud.accessToken, appSecret: cloud.appSecret, verifyToken: cloud.verifyToken });
  });

  it("gives a widget its public key and its defaults, origins normalised", async () => {
    const response = await create({ name: "Site chat", kind: "webchat", webchat: { allowedOrigins: ["HTTPS://Shop.Example.com/"] } });
    expect(response.statusCode).toBe(201);
    const created = response.json() as Connection;
    expect(created.webchat).toEqual({
      allowedOrigins: ["https://shop.example.com"],
      color: "#1976D2",
      title: "",
      greeting: "",
      preChat: { name: "optional", email: "off", phone: "off" },
      widgetKey: expect.stringMatching(/^[\w-]{20,}$/),
    });
    const bad = await create({ name: "Bad origin", kind: "webchat", webchat: { allowedOrigins: ["https://shop.example.com/path"] } });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps a Telegram bot token write-only", async () => {
    const token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
    const created = (await create({ name: "Bot", kind: "telegram", telegram: { botToken: token } })).json() as Connection;
    expect(created.telegram).toEqual({ botUsername: null, botTokenSet: true });
    expect(JSON.stringify(created)).not.toContain(token);
  });
});
