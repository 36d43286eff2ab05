import type { AnnouncementEvent, BotEvent, MonitoringEvent, UraEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { createBot } from "../../test/bot-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { createAnnouncement, createMonitoring, createUra, to } from "../../test/routing-fixtures.js";
import { recordEvents, settle } from "../../test/socket-client.js";

const live = useLiveServer();

/** An admin's and an attendant's sockets, recording one event from now on. */
async function listeners<T>(event: string): Promise<{ admin: Socket; seen: T[]; attendant: Socket; leaked: unknown[] }> {
  const admin = await live.sockets.connect(live.admin);
  const attendant = await live.sockets.connect((await live.server.createUser()).token);
  return { admin, seen: recordEvents<T>(admin, event), attendant, leaked: recordEvents(attendant, event) };
}

async function settled(...sockets: Socket[]): Promise<void> {
  for (const socket of sockets) await settle(socket);
}

const request = (method: "PUT" | "DELETE", url: string, payload?: object) => live.server.request({ method, url, token: live.admin, payload });

describe("menu, announcement and monitoring events", () => {
  it("announce menus created, changed and deleted to admins only, after the save", async () => {
    const queue = await createQueue(live.server, live.admin);
    const { admin, seen, attendant, leaked } = await listeners<UraEvent>("ura");
    const ura = await createUra(live.server, live.admin, to("queue", queue.id), { name: "Live menu" });
    expect((await request("PUT", `/api/uras/${ura.id}`, { name: "Refused", description: ura.description, uraItems: [] })).statusCode).toBe(400);
    await request("PUT", `/api/uras/${ura.id}`, { name: "Live menu 2", description: ura.description, uraItems: ura.uraItems.map((item) => ({ ...item, action: "update" })) });
    await request("DELETE", `/api/uras/${ura.id}`);
    await settled(admin, attendant);
    expect(seen).toEqual([
      { action: "create", ura },
      { action: "update", ura: expect.objectContaining({ id: ura.id, name: "Live menu 2", uraItems: ura.uraItems }) },
      { action: "delete", uraId: ura.id },
    ]);
    expect(leaked).toEqual([]);
  });

  it("announce announcements to admins only; a refused delete announces nothing", async () => {
    const queue = await createQueue(live.server, live.admin);
    const { admin, seen, attendant, leaked } = await listeners<AnnouncementEvent>("announcement");
    const announcement = await createAnnouncement(live.server, live.admin, to("queue", queue.id));
    const form = { name: "Live announcement", description: "Changed", destinationType: "queue", destinationItem: queue.id };
    await request("PUT", `/api/announcements/${announcement.id}`, form);
    await createUra(live.server, live.admin, to("announcements", announcement.id));
    expect((await request("DELETE", `/api/announcements/${announcement.id}`)).statusCode).toBe(409);
    await settled(admin, attendant);
    expect(seen).toEqual([
      { action: "create", announcement },
      { action: "update", announcement: expect.objectContaining({ id: announcement.id, name: "Live announcement", description: "Changed" }) },
    ]);
    expect(leaked).toEqual([]);
  });

  it("announce monitorings to admins only, the owner included", async () => {
    const owner = await live.server.createUser({ name: "Live Owner" });
    const { admin, seen, attendant, leaked } = await listeners<MonitoringEvent>("monitoring");
    const ownerSocket = await live.sockets.connect(owner.token);
    const ownerSaw = recordEvents(ownerSocket, "monitoring");
    const monitoring = await createMonitoring(live.server, live.admin, owner.id);
    await request("PUT", `/api/monitorings/${monitoring.id}`, { name: monitoring.name, status: "closed", userId: owner.id });
    await request("DELETE", `/api/monitorings/${monitoring.id}`);
    await settled(admin, attendant, ownerSocket);
    expect(seen).toEqual([
      { action: "create", monitoring },
      { action: "update", monitoring: expect.objectContaining({ id: monitoring.id, status: "closed", user: { id: owner.id, name: "Live Owner" } }) },
      { action: "delete", monitoringId: monitoring.id },
    ]);
    expect(leaked).toEqual([]);
    expect(ownerSaw).toEqual([]);
  });

  it("announce bots to admins only, never with their secret", async () => {
    const queue = await createQueue(live.server, live.admin);
    const { admin, seen, attendant, leaked } = await listeners<BotEvent>("bot");
    const bot = await createBot(live.server, live.admin, "http://127.0.0.1:9/bot", to("queue", queue.id));
    const form = { name: "Live bot", kind: "webhook", url: bot.url, timeoutSeconds: 7, fallback: to("queue", queue.id) };
    await request("PUT", `/api/bots/${bot.id}`, form);
    await request("DELETE", `/api/bots/${bot.id}`);
    await settled(admin, attendant);
    expect(seen).toEqual([
      { action: "create", bot },
      { action: "update", bot: expect.objectContaining({ id: bot.id, name: "Live bot", timeoutSeconds: 7 }) },
      { action: "delete", botId: bot.id },
    ]);
    expect(JSON.stringify(seen)).not.toContain("bot-secret");
    expect(leaked).toEqual([]);
  });
});
