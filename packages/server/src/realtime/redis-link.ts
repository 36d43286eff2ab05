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
 */
import { RedisAdapter, type RedisAdapterOptions } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
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
  return {
    // A function, not an arrow: socket.io calls it with `new` (what it returns is the adapter).
    adapter: function adapter(nsp: Namespace) {
      return new OutageTolerantAdapter(nsp, pub, sub, options, connected);
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
  ) {
    super(nsp, pub, sub, options);
  }

  /** The options as they are while Redis is reachable; this instance only while it is not. */
  private scoped(opts: BroadcastOptions): BroadcastOptions {
    return this.reachable() ? opts : { ...opts, flags: { ...opts.flags, local: true } };
  }

  override broadcast(packet: unknown, opts: BroadcastOptions): void {
    super.broadcast(packet, this.scoped(opts));
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
