// One client process of bench:sockets: its share of the attendants' socket.io clients, so that no
// single event loop parses every frame the server sends (one process for 2,000 sockets stalled up
// to 376 ms and made the tail its own). Run by socket-clients.ts through child_process.fork; it
// talks over the IPC channel only (protocol in socket-clients.ts). Times are absolute
// (performance.timeOrigin + performance.now()), comparable with the parent's send times.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { io } from "socket.io-client";
import { connectRaw } from "./raw-socket-client.js";
import type { AppMessageEvent } from "./server-api.js";
import type { ClientKind, ToParent, ToWorker, WorkerClient } from "./socket-clients.js";

const now = () => performance.timeOrigin + performance.now();
const send = (message: ToParent) => process.send!(message);

const sockets: { close(): void }[] = [];
/** How many of this process's clients are in each queue: a message is complete here once they all heard it. */
const membersOfQueue = new Map<number, number>();
let label: string | undefined;
/** Per tracked message body: which clients heard it, and when. */
let heard = new Map<string, { users: Set<number>; times: number[] }>();
let strays = 0;
/** Every event the clients heard during the phase, by name (how many frames a message costs each socket). */
let events: Record<string, number> = {};
let outbox: { body: string; times: number[] }[] = [];
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

/** `<label>-<queue index>-<n>`: the queue a body was sent to, if it belongs to the current phase. */
function queueOf(body: string): number | undefined {
  if (!label || !body.startsWith(`${label}-`)) return undefined;
  return Number(body.slice(label.length + 1).split("-")[0]);
}

function onAppMessage(client: WorkerClient, event: AppMessageEvent, at = now()): void {
  if (event.action !== "create") return;
  const body = event.message.body;
  const queue = queueOf(body);
  if (queue === undefined) return;
  let entry = heard.get(body);
  if (!entry) heard.set(body, (entry = { users: new Set(), times: [] }));
  if (queue !== client.queue || entry.users.has(client.user)) {
    strays++;
    return;
  }
  entry.users.add(client.user);
  entry.times.push(at);
  if (entry.users.size === membersOfQueue.get(queue)) outbox.push({ body, times: entry.times });
}

// Completions leave in batches: the receive times are taken on arrival, so the batching delays
// only the parent's bookkeeping, not the figures.
setInterval(() => {
  if (outbox.length === 0) return;
  send({ type: "heard", messages: outbox });
  outbox = [];
}, 50).unref();

function countEvent(name: string): void {
  if (label) events[name] = (events[name] ?? 0) + 1;
}

const appMessageCreate = '42["appMessage",{"action":"create"';

/**
 * A raw client's frame: the event's name, and for an `appMessage` create of the phase its body
 * (the first `"body":"<label>-` of the frame: the message's, before its ticket and contact).
 */
function onRawFrame(client: WorkerClient, frame: string): void {
  const at = now();
  countEvent(frame.slice(4, frame.indexOf('"', 4)));
  if (!label || !frame.startsWith(appMessageCreate)) return;
  const start = frame.indexOf(`"body":"${label}-`);
  if (start < 0) return;
  const body = frame.slice(start + 8, frame.indexOf('"', start + 8));
  onAppMessage(client, { action: "create", message: { body, ticketId: 0, fromMe: false } }, at);
}

/** One attendant's socket, as the web app connects (every notification asked for in the handshake). */
async function connectOne(kind: ClientKind, base: string, client: WorkerClient): Promise<{ close(): void }> {
  const auth = { token: client.token, joinNotification: true };
  if (kind === "raw") return connectRaw(base, auth, (frame) => onRawFrame(client, frame));
  const socket = io(base, { path: "/socket.io", auth, transports: ["websocket"], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  socket.on("appMessage", (event: AppMessageEvent) => onAppMessage(client, event));
  socket.onAny(countEvent);
  return socket;
}

async function connect(kind: ClientKind, base: string, clients: WorkerClient[], concurrency: number): Promise<void> {
  for (const client of clients) membersOfQueue.set(client.queue, (membersOfQueue.get(client.queue) ?? 0) + 1);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, clients.length) }, async () => {
      while (next < clients.length) {
        const client = clients[next++]!;
        sockets.push(await connectOne(kind, client.base ?? base, client));
      }
    }),
  );
}

process.on("message", (message: ToWorker) => {
  switch (message.type) {
    case "connect":
      connect(message.kind, message.base, message.clients, message.concurrency).then(
        () => send({ type: "connected", count: sockets.length }),
        (error: unknown) => send({ type: "failed", error: String(error) }),
      );
      break;
    case "start":
      label = message.label;
      heard = new Map();
      strays = 0;
      events = {};
      loopDelay.reset();
      loopDelay.enable();
      send({ type: "started" });
      break;
    case "stop": {
      loopDelay.disable();
      const partial = [...heard]
        .filter(([body, entry]) => entry.users.size < (membersOfQueue.get(queueOf(body)!) ?? 0))
        .map(([body, entry]) => ({ body, times: entry.times }));
      send({
        type: "stopped",
        messages: outbox,
        partial,
        strays,
        events,
        loopDelayP99: loopDelay.percentile(99) / 1e6,
        loopDelayMax: loopDelay.max / 1e6,
      });
      outbox = [];
      label = undefined;
      break;
    }
    case "close":
      for (const socket of sockets) socket.close();
      process.disconnect();
      break;
  }
});
