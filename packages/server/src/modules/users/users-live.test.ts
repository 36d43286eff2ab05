import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { useLiveServer } from "../../test/live-server.js";
import { nextEvent, recordEvents, settle } from "../../test/socket-client.js";

const live = useLiveServer();

function put(id: number, payload: object) {
  return live.server.request({ method: "PUT", url: `/api/users/${id}`, token: live.admin, payload });
}

async function hearsAdminsRoom(socket: Socket): Promise<boolean> {
  const probes = recordEvents(socket, "settings");
  live.server.ctx.realtime.emit({ admins: true }, "settings", { action: "update", setting: { key: "probe", value: "" } });
  await settle(socket);
  socket.off("settings");
  return probes.length > 0;
}

describe("user events", () => {
  it("announce a created user to admins only", async () => {
    const adminSocket = await live.sockets.connect(live.admin);
    const attendantEvents = recordEvents(await live.sockets.connect((await live.server.createUser()).token), "user");
    const received = nextEvent(adminSocket, "user");
    const created = await live.server.request({
      method: "POST",
      url: "/api/users",
      token: live.admin,
      payload: { name: "Fresh Face", email: "fresh@live.test", password: "password-1" },
    });
    expect(await received).toEqual({ action: "create", user: created.json() });
    await settle(adminSocket);
    expect(attendantEvents).toEqual([]);
  });

  it("announce an update to admins and that user, not to other attendants", async () => {
    const target = await live.server.createUser();
    const bystander = await live.server.createUser();
    const adminSocket = await live.sockets.connect(live.admin);
    const targetSocket = await live.sockets.connect(target.token);
    const bystanderEvents = recordEvents(await live.sockets.connect(bystander.token), "user");
    const toAdmin = nextEvent(adminSocket, "user");
    const toTarget = nextEvent(targetSocket, "user");
    const updated = (await put(target.id, { name: "Renamed Live" })).json();
    expect(await toAdmin).toEqual({ action: "update", user: updated });
    expect(await toTarget).toEqual({ action: "update", user: updated });
    await settle(adminSocket);
    expect(bystanderEvents).toEqual([]);
  });

  it("announce a removal as a delete and close the removed user's sockets", async () => {
    const target = await live.server.createUser();
    const adminSocket = await live.sockets.connect(live.admin);
    const targetSocket = await live.sockets.connect(target.token);
    const closed = nextEvent(targetSocket, "disconnect");
    const removal = nextEvent(adminSocket, "user");
    await live.server.request({ method: "DELETE", url: `/api/users/${target.id}`, token: live.admin });
    expect(await removal).toEqual({ action: "delete", userId: target.id });
    expect(await closed).toBe("io server disconnect");
  });
});

describe("the admins room", () => {
  it("is joined by a promoted user's live sockets and left on demotion", async () => {
    const user = await live.server.createUser();
    const socket = await live.sockets.connect(user.token);
    expect(await hearsAdminsRoom(socket)).toBe(false);
    await put(user.id, { profile: "admin" });
    expect(await hearsAdminsRoom(socket)).toBe(true);
    await put(user.id, { profile: "user" });
    expect(await hearsAdminsRoom(socket)).toBe(false);
  });
});
