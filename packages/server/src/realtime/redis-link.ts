/**
 * The socket.io Redis adapter, made to keep serving while Redis is away (docs/decisions/0101).
 *
 * The stock adapter assumes Redis answers: with ioredis holding commands until it reconnects,
 * a lookup across instances (`fetchSockets`, which asks Redis how many instances listen first)
 * waits for the whole outage, and every broadcast piles up in the offline queue, to be replayed
 * late to the other instances when Redis is back. While either client is not ready, this adapter
 * acts as a single instance: broadcasts, joins, leaves, disconnects and lookups reach this
 * instance's sockets only (what socket.io's `local` flag asks for). When both clients are ready
 * again (ioredis reconnects and subscribes again by itself) the instances hear each other again.
 *
 * Two savings on every broadcast (issue 35, bench/README.md "fewer Redis system calls"), neither of
 * which changes what any socket hears: the commands published in one burst of synchronous work
 * (an event goes to Atendo's namespace and to each dialect's, each its own PUBLISH) leave in one
 * system call, the publishing client's TCP socket corked until the next tick as decision 0106 does
 * for the websockets; and a broadcast heard back from Redis is dropped before msgpack decodes it
 * when it is this adapter's own (every instance hears its own publishes: the stock adapter decodes
 * the whole payload to learn that) or when this instance has no socket in the namespace (the
 * stock adapter decodes it, then finds nobody to deliver it to).
 */
import { RedisAdapter, type RedisAdapterOptions } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { Socket as TcpSocket } from "node:net";
import type { Namespace } from "socket.io";

type BroadcastOptions = Parameters<RedisAdapter["broadcast"]>[1];
type Room = Parameters<RedisAdapter["addSockets"]>[1][number];

export interface RedisLink {
  /** The adapter factory for `io.adapter(…)`. */
  adapter: (nsp: Namespace) => RedisAdapter;
  /** Whether both clients (publish and subscribe) are connected: the instances hear each other. */
  connected(): boolean;
  close(): Promise<void>;
}

/** Opens the two clients the adapter needs and logs each change of Redis's reachability once. */
export function openRedisLink(url: string, key: string, log?: FastifyBaseLogger): RedisLink {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  const connected = () => pub.status === "ready" && sub.status === "ready";
  let reported = true;
  const report = () => {
    const now = connected();
    if (now === reported) return;
    reported = now;
    if (now) log?.info("Redis reachable again: socket events reach the other instances again");
    else log?.warn("Redis unreachable: socket events reach this instance's sockets only until it is back");
  };
  for (const client of [pub, sub]) {
    // A Redis outage must not crash the process; ioredis reconnects by itself.
    client.on("error", () => undefined);
    client.on("ready", report);
    client.on("close", report);
  }
  const options: Partial<RedisAdapterOptions> = { key };
  const holdPublishes = publishHold(pub);
  return {
    // A function, not an arrow: socket.io calls it with `new` (what it returns is the adapter).
    adapter: function adapter(nsp: Namespace) {
      return new OutageTolerantAdapter(nsp, pub, sub, options, connected, holdPublishes);
    },
    connected,
    async close() {
      await Promise.all([pub, sub].map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}

class OutageTolerantAdapter extends RedisAdapter {
  constructor(
    nsp: Namespace,
    pub: Redis,
    sub: Redis,
    options: Partial<RedisAdapterOptions>,
    private readonly reachable: () => boolean,
    private readonly holdPublishes: () => void,
  ) {
    super(nsp, pub, sub, options);
    skipUndeliverable(this, nsp, sub);
  }

  /** The options as they are while Redis is reachable; this instance only while it is not. */
  private scoped(opts: BroadcastOptions): BroadcastOptions {
    return this.reachable() ? opts : { ...opts, flags: { ...opts.flags, local: true } };
  }

  override broadcast(packet: unknown, opts: BroadcastOptions): void {
    const scoped = this.scoped(opts);
    if (!scoped.flags?.local) this.holdPublishes();
    super.broadcast(packet, scoped);
  }

  override broadcastWithAck(
    packet: unknown,
    opts: BroadcastOptions,
    clientCountCallback: (clientCount: number) => void,
    ack: (...args: unknown[]) => void,
  ): void {
    super.broadcastWithAck(packet, this.scoped(opts), clientCountCallback, ack);
  }

  override fetchSockets(opts: BroadcastOptions): Promise<unknown[]> {
    return super.fetchSockets(this.scoped(opts));
  }

  override addSockets(opts: BroadcastOptions, rooms: Room[]): void {
    super.addSockets(this.scoped(opts), rooms);
  }

  override delSockets(opts: BroadcastOptions, rooms: Room[]): void {
    super.delSockets(this.scoped(opts), rooms);
  }

  override disconnectSockets(opts: BroadcastOptions, close: boolean): void {
    super.disconnectSockets(this.scoped(opts), close);
  }

  override serverCount(): Promise<number> {
    return this.reachable() ? super.serverCount() : Promise.resolve(1);
  }
}

/**
 * Corks the publishing client's TCP socket until the next tick, once per tick: the commands written
 * meanwhile (ioredis writes each one as it is called, while connected) leave in one `writev`, in
 * call order. While not connected ioredis queues commands itself and nothing is corked.
 */
function publishHold(pub: Redis): () => void {
  let held: TcpSocket | undefined;
  const release = () => {
    const socket = held;
    held = undefined;
    socket?.uncork();
  };
  return () => {
    if (held || pub.status !== "ready" || !(pub.stream instanceof TcpSocket)) return;
    held = pub.stream;
    held.cork();
    process.nextTick(release);
  };
}

type Listener = (pattern: Buffer, channel: Buffer, message: Buffer) => void;

/**
 * Wraps the adapter's listener of broadcasts (`pmessageBuffer`, which the stock adapter registers
 * on the shared subscriber for each namespace) so that a broadcast is dropped before it is decoded
 * when it cannot reach a socket here: this adapter's own (the message begins with the msgpack
 * array of three and this adapter's uid, as `broadcast` encodes it) or a namespace with no socket
 * on this instance. Everything else goes to the stock listener as before. `redisListeners` is the
 * adapter's own record of its listeners (used to remove them on close), not typed.
 */
function skipUndeliverable(adapter: RedisAdapter, nsp: Namespace, sub: Redis): void {
  const listeners = (adapter as unknown as { redisListeners?: Map<string, Listener> }).redisListeners;
  const decode = listeners?.get("pmessageBuffer");
  if (!listeners || !decode) return;
  const own = ownPrefix(adapter);
  const filtered: Listener = (pattern, channel, message) => {
    if (own && message.length > own.length && own.equals(message.subarray(0, own.length))) return;
    if (nsp.sockets.size === 0) return;
    decode(pattern, channel, message);
  };
  sub.off("pmessageBuffer", decode);
  sub.on("pmessageBuffer", filtered);
  listeners.set("pmessageBuffer", filtered);
}

/** How this adapter's broadcasts begin in msgpack: a fixarray of 3, then its uid; undefined when its parser is not msgpack's. */
function ownPrefix(adapter: RedisAdapter): Buffer | undefined {
  const probe: unknown = adapter.parser.encode([adapter.uid]);
  if (!Buffer.isBuffer(probe) || probe[0] !== 0x91) return undefined;
  const prefix = Buffer.from(probe);
  prefix[0] = 0x93;
  return prefix;
}
