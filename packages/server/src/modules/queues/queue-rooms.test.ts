import type { TicketEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { createConnection } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { nextEvent, recordEvents, settle } from "../../test/socket-client.js";
import { seedTicket } from "../../test/ticket-fixtures.js";

const live = useLiveServer();

/** Emits a probe to a queue's room and tells whether this socket got it. */
async function hearsQueueRoom(socket: Socket, queueId: number): Promise<boolean> {
  const probes = recordEvents(socket, "ticket");
  live.server.ctx.realtime.emit({ queueIds: [queueId] }, "ticket", { action: "updateUnread", ticketId: queueId });
  await settle(socket);
  socket.off("ticket");
  return probes.length > 0;
}

function setUserQueues(userId: number, queueIds: number[]) {
  return live.server.request({ method: "PUT", url: `/api/users/${userId}`, token: live.admin, payload: { queueIds } });
}

describe("queue rooms", () => {
  it("are joined at connection for each queue of the user", async () => {
    const user = await live.server.createUser();
    const mine = await createQueue(live.server, live.admin, { userIds: [user.id] });
    const other = await createQueue(live.server, live.admin);
    const socket = await live.sockets.connect(user.token);
    expect(await hearsQueueRoom(socket, mine.id)).toBe(true);
    expect(await hearsQueueRoom(socket, other.id)).toBe(false);
  });

  it("follow an admin changing the user's queues (PUT /users/:id queueIds) on live sockets", async () => {
    const user = await live.server.createUser();
    const first = await createQueue(live.server, live.admin);
    const second = await createQueue(live.server, live.admin);
    const socket = await live.sockets.connect(user.token);
    expect(await hearsQueueRoom(socket, first.id)).toBe(false);

    await setUserQueues(user.id, [first.id]);
    expect(await hearsQueueRoom(socket, first.id)).toBe(true);

    await setUserQueues(user.id, [second.id]);
    expect(await hearsQueueRoom(socket, first.id)).toBe(false);
    expect(await hearsQueueRoom(socket, second.id)).toBe(true);
  });

  it("follow the queue's member list (PUT and DELETE /queue/:id)", async () => {
    const user = await live.server.createUser();
    const socket = await live.sockets.connect(user.token);
    const queue = await createQueue(live.server, live.admin, { userIds: [user.id] });
    expect(await hearsQueueRoom(socket, queue.id)).toBe(true);

    await live.server.request({ method: "PUT", url: `/api/queue/${queue.id}`, token: live.admin, payload: { userIds: [] } });
    expect(await hearsQueueRoom(socket, queue.id)).toBe(false);

    await live.server.request({ method: "PUT", url: `/api/queue/${queue.id}`, token: live.admin, payload: { userIds: [user.id] } });
    expect(await hearsQueueRoom(socket, queue.id)).toBe(true);

    await live.server.request({ method: "DELETE", url: `/api/queue/${queue.id}`, token: live.admin });
    expect(await hearsQueueRoom(socket, queue.id)).toBe(false);
  });
});

describe("queue events", () => {
  it("reach admins and the members, not other attendants", async () => {
    const member = await live.server.createUser();
    const outsider = await live.server.createUser();
    const adminSocket = await live.sockets.connect(live.admin);
    const memberSocket = await live.sockets.connect(member.token);
    const outsiderEvents = recordEvents(await live.sockets.connect(outsider.token), "queue");

    const toAdmin = nextEvent(adminSocket, "queue");
    const toMember = nextEvent(memberSocket, "queue");
    const queue = await createQueue(live.server, live.admin, { name: "Evented", userIds: [member.id] });
    expect(await toAdmin).toEqual({ action: "create", queue });
    expect(await toMember).toEqual({ action: "create", queue });
    await settle(adminSocket);
    expect(outsiderEvents).toEqual([]);
  });

  it("tell a removed member about the update, and members about the delete", async () => {
    const leaving = await live.server.createUser();
    const staying = await live.server.createUser();
    const queue = await createQueue(live.server, live.admin, { userIds: [leaving.id, staying.id] });
    const leavingSocket = await live.sockets.connect(leaving.token);
    const stayingSocket = await live.sockets.connect(staying.token);

    const update = nextEvent<{ action: string; queue: { users: unknown[] } }>(leavingSocket, "queue");
    await live.server.request({ method: "PUT", url: `/api/queue/${queue.id}`, token: live.admin, payload: { userIds: [staying.id] } });
    expect((await update).action).toBe("update");
    expect((await update).queue.users).toHaveLength(1);

    await settle(stayingSocket); // its own copy of the update has arrived
    const leavingLater = recordEvents(leavingSocket, "queue");
    const removal = nextEvent(stayingSocket, "queue");
    await live.server.request({ method: "DELETE", url: `/api/queue/${queue.id}`, token: live.admin });
    expect(await removal).toEqual({ action: "delete", queueId: queue.id });
    await settle(leavingSocket);
    expect(leavingLater).toEqual([]);
  });

  it("move a deleted queue's tickets to no queue, as ticket updates to who may see them now", async () => {
    const member = await live.server.createUser();
    const outsider = await live.server.createUser();
    const owner = await live.server.createUser();
    const queue = await createQueue(live.server, live.admin, { userIds: [member.id] });
    const routed = await createQueue(live.server, live.admin);
    const connection = await createConnection(live.server, live.admin, { destinationType: "queue", destinationItem: routed.id });
    const pending = await seedTicket(live.server, { connectionId: connection.id, status: "pending", queueId: queue.id });
    const open = await seedTicket(live.server, { connectionId: connection.id, status: "open", userId: owner.id, queueId: queue.id });
    const sockets = {
      admin: await live.sockets.connect(live.admin),
      member: await live.sockets.connect(member.token),
      outsider: await live.sockets.connect(outsider.token),
      owner: await live.sockets.connect(owner.token),
    };
    const heard = Object.entries(sockets).map(([name, socket]) => [name, recordEvents<TicketEvent>(socket, "ticket")] as const);

    await live.server.request({ method: "DELETE", url: `/api/queue/${queue.id}`, token: live.admin });
    await Promise.all(Object.values(sockets).map(settle));

    const summary = Object.fromEntries(
      heard.map(([name, events]) => [
        name,
        events.map((e) => ("ticket" in e ? `${e.action}:${e.ticket.id}:${e.ticket.queueId}` : e.action)).sort(),
      ]),
    );
    // A pending ticket with no queue is every user's to take; the open one stays its owner's.
    const pendingMoved = `updateQueue:${pending}:null`;
    const openMoved = `updateQueue:${open}:null`;
    expect(summary).toEqual({
      admin: [pendingMoved, openMoved].sort(),
      member: [pendingMoved],
      outsider: [pendingMoved],
      owner: [pendingMoved, openMoved].sort(),
    });
  });
});

