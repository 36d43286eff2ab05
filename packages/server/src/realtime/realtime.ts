import type { ServerEventName, ServerEventPayload, SessionEndReason } from "@atendo/contracts";
import { can, clientEvents, profiles, ticketStatuses, type Profile } from "@atendo/contracts";
import type { Server as HttpServer } from "node:http";
import { Server, type Namespace, type Socket } from "socket.io";
import type { FastifyBaseLogger } from "fastify";
import type { Actor } from "../core/actor.js";
import { handshakeRefusal } from "./handshake-refusal.js";
import { openRedisLink, type RedisLink } from "./redis-link.js";
import { createCoalescedWrites, type EngineConnection } from "./coalesced-writes.js";

/** Who receives an event. Rooms are per user, per queue, for admins and for supervision. */
export interface EmitTarget {
  userIds?: readonly number[];
  queueIds?: readonly number[];
  /** Admins only: configuration, users, connections, imports (never a supervisor; decision 0099). */
  admins?: boolean;
  /** Everyone who sees every ticket and chat (`tickets:seeAll`): admins and supervisors (decision 0099). */
  supervision?: boolean;
  /**
   * Every signed-in socket. Only for team reference data that every user may read anyway
   * (quick answers, contacts); never for tickets, messages or users (docs/decisions/0008).
   */
  everyone?: boolean;
  /**
   * Users left out of the rooms above: they were sent their own copy (internal chats give each
   * participant its own view and admins another; docs/decisions/0038).
   */
  exceptUserIds?: readonly number[];
  /**
   * The event belongs to one ticket (its `ticket` and `appMessage` events): of the sockets in the
   * rooms above, only those that asked for it hear it — `joinNotification` (everything), or
   * `joinTickets` of one of `statuses`, or `joinChatBox` of `ticketId` (docs/decisions/0047).
   */
  conversation?: { ticketId?: number; statuses?: readonly string[] };
}

export interface RealtimeOptions {
  authenticate(token: string | undefined): Promise<Actor>;
  /** Extra rooms a user belongs to (queue membership, added by the queues module). */
  roomsOf?(actor: Actor): Promise<string[]>;
  /** Whether a user may open a ticket's chat box (`joinChatBox`): the tickets policy decides. */
  chatBoxAccess(actor: Actor, ticketId: number): Promise<boolean>;
  /**
   * Several instances: the socket.io Redis adapter, every channel it uses named after `key` (the
   * install's namespace, realtime/redis-namespace.ts), so installs sharing a Redis never meet.
   */
  redis?: { url: string; key: string };
  /** Where a change of Redis's reachability is logged. */
  log?: FastifyBaseLogger;
  /** Other clients' words for the same events, each on its own namespace (decision 0066). */
  dialects?: readonly SocketDialect[];
}

/** One emitted event, its name telling its payload's type. */
export type EmittedEvent = { [E in ServerEventName]: { event: E; payload: ServerEventPayload<E> } }[ServerEventName];

/**
 * Another client's words for the same events (decision 0066). Its sockets connect to `namespace`
 * and are admitted, put in rooms and joined exactly as Atendo's own (so they hear only what their
 * user may see); every event is sent to them as `translate` words it, within the event's rooms.
 */
export interface SocketDialect {
  namespace: string;
  translate(emitted: EmittedEvent, target: EmitTarget): DialectDelivery[];
}

/** What a dialect socket in `rooms` hears: `payload`, or the one `perSocket` makes for it. */
export interface DialectDelivery {
  /** Within the event's audience: `deliveryRooms(target)` or `scopedRooms(target, …)`. */
  rooms: string[];
  event: string;
  payload: unknown;
  /** For what depends on the socket's sign-in or address (signed file links); costs a socket lookup. */
  perSocket?: (socket: { actor: Actor; handshake: Socket["handshake"] }) => unknown;
}

export interface Realtime {
  /** Sends a server event (only the contract's names, each with its payload type) to the target's rooms. */
  emit<E extends ServerEventName>(target: EmitTarget, event: E, payload: ServerEventPayload<E>): void;
  /** Whether any of these users has a live socket, on any instance (a chat message is then delivered). */
  anyConnected(userIds: readonly number[]): Promise<boolean>;
  /** Which of these users have a live socket, on any instance (an open tab needs no Web Push). */
  connectedUsers(userIds: readonly number[]): Promise<Set<number>>;
  /**
   * Calls `listener` with the user of every socket admitted to this instance, once it is in its
   * rooms (what reached a user's socket counts from then: chat messages turn delivered).
   */
  onConnected(listener: (actor: Actor) => void): void;
  /** Calls `listener` with the user of every socket of this instance that disconnects (presence stamps when it was last seen). */
  onDisconnected(listener: (actor: Actor) => void): void;
  /** Users with a socket connected to this instance (each instance's presence round stamps them as seen). */
  localUsers(): number[];
  /** Moves every live socket of a user in or out of rooms (their queues changed), on every instance. */
  updateUserRooms(userId: number, change: { join?: readonly string[]; leave?: readonly string[] }): void;
  /**
   * Closes every live socket of a user, on every instance (removed, or every sign-in revoked),
   * each told `reason` first (the `session` event); `keepSession` spares the sockets of the one
   * sign-in that stays (a password changed from it).
   */
  disconnectUser(userId: number, reason: SessionEndReason, options?: { keepSession?: string }): void;
  /** Closes every live socket of these sign-ins, on every instance (logout, a stolen refresh token), each told `reason` first. */
  disconnectSessions(sessionIds: readonly string[], reason: SessionEndReason): void;
  /** Whether this instance hears the others through Redis: undefined without Redis, false while it is unreachable (the metrics). */
  redisConnected(): boolean | undefined;
  /** How many sockets (staff and dialects') are connected to this instance (the metrics). */
  localSocketCount(): number;
  /** Session ids of the sockets connected to this instance (the revoked-session sweep checks them). */
  localSessions(): string[];
  /** Closes the sockets of these sign-ins connected to this instance, each told its sign-in's reason first. */
  disconnectLocalSessions(reasons: ReadonlyMap<string, SessionEndReason>): void;
  /**
   * A namespace of outsiders' sockets (website visitors, decision 0090), served by its owner.
   * `emit` above never reaches it: staff events go only to Atendo's namespace and the dialects'.
   */
  outsiderSpace(name: string): Namespace;
  close(): Promise<void>;
}

export const rooms = {
  user: (id: number) => `user:${id}`,
  queue: (id: number) => `queue:${id}`,
  admins: "admins",
  /** Users who see every ticket and chat: admins and supervisors (rooms.ofProfile). */
  supervision: "supervision",
  /** One sign-in's sockets: revoking the session closes exactly them. */
  session: (id: string) => `session:${id}`,
  /** Every authenticated socket (the handshake refuses the others). */
  signedIn: "signedIn",
  chatBox: (id: number) => `chatBox:${id}`,
} as const;

/** The rooms a profile puts a user's sockets in: admins', supervision's, or none (decision 0099). */
export function profileRooms(profile: Profile): string[] {
  return [...(profile === "admin" ? [rooms.admins] : []), ...(can(profile, "tickets:seeAll") ? [rooms.supervision] : [])];
}

/** Moves a user's sockets to their new profile's rooms: joins those of `profile`, leaves the others'. */
export function profileRoomChange(profile: Profile): { join: string[]; leave: string[] } {
  const join = profileRooms(profile);
  const every = [...new Set(profiles.flatMap(profileRooms))];
  return { join, leave: every.filter((room) => !join.includes(room)) };
}

/**
 * What a socket asked for (spec §7 joins). A socket hears a conversation's events through the
 * room `<scope>|<visibility room>`: the join picks the scope, the visibility rooms stay the
 * server's (user, queue, admins, everyone), so a join never widens what its user may see.
 */
export const scopes = {
  notification: "notify",
  tickets: (status: string) => `tickets:${status}`,
  chatBox: rooms.chatBox,
} as const;

/** The rooms that decide what a user may see (the ones `targetRooms` names). */
function isVisibilityRoom(room: string): boolean {
  return room.startsWith("user:") || room.startsWith("queue:") || room === rooms.admins || room === rooms.supervision || room === rooms.signedIn;
}

const within = (scope: string, room: string) => `${scope}|${room}`;

/** The socket rooms an event reaches: its audience, narrowed to what each socket asked for when it is a conversation's. */
export function deliveryRooms(target: EmitTarget): string[] {
  const conversation = target.conversation;
  if (!conversation) return targetRooms(target);
  return scopedRooms(target, [
    scopes.notification,
    ...(conversation.statuses ?? []).map(scopes.tickets),
    ...(conversation.ticketId === undefined ? [] : [scopes.chatBox(conversation.ticketId)]),
  ]);
}

/** The rooms of the sockets in the target's audience that asked for one of these scopes (joins). */
export function scopedRooms(target: EmitTarget, wanted: readonly string[]): string[] {
  const audience = targetRooms(target);
  return [...new Set(wanted)].flatMap((scope) => audience.map((room) => within(scope, room)));
}

/** The token of a handshake: `auth.token` (socket.io v3+ clients) or `?token=` (the spec's clients). */
function handshakeToken(handshake: Socket["handshake"]): string | undefined {
  const fromAuth = (handshake.auth as { token?: unknown }).token;
  if (typeof fromAuth === "string") return fromAuth;
  const fromQuery = handshake.query.token;
  return typeof fromQuery === "string" ? fromQuery : undefined;
}

export function targetRooms(target: EmitTarget): string[] {
  return [
    ...(target.userIds ?? []).map(rooms.user),
    ...(target.queueIds ?? []).map(rooms.queue),
    ...(target.admins ? [rooms.admins] : []),
    ...(target.supervision ? [rooms.supervision] : []),
    ...(target.everyone ? [rooms.signedIn] : []),
  ];
}

export function createRealtime(server: HttpServer, options: RealtimeOptions): Realtime {
  const io = new Server(server, { path: "/socket.io", serveClient: false, cors: { origin: false } });
  // While Redis is away every instance keeps serving its own sockets (redis-link.ts).
  const redis: RedisLink | undefined = options.redis ? openRedisLink(options.redis.url, options.redis.key, options.log) : undefined;
  if (redis) io.adapter(redis.adapter);
  // Every connection (staff, dialects', visitors'): the frames of one flush leave in one system call.
  const coalescedWrites = createCoalescedWrites();
  io.engine.on("connection", (conn: EngineConnection) => coalescedWrites.attach(conn));

  /** Everything a socket needs is looked up before it is admitted (see the connection handler). */
  async function admit(token: string | undefined): Promise<{ actor: Actor; rooms: string[] }> {
    const actor = await options.authenticate(token);
    const extra = options.roomsOf ? await options.roomsOf(actor) : [];
    const own = [
      rooms.signedIn,
      rooms.user(actor.id),
      rooms.session(actor.sessionId),
      ...profileRooms(actor.profile),
    ];
    return { actor, rooms: [...own, ...extra] };
  }

  const connectedListeners: ((actor: Actor) => void)[] = [];
  const disconnectedListeners: ((actor: Actor) => void)[] = [];
  const dialects = (options.dialects ?? []).map((dialect) => ({ dialect, space: io.of(dialect.namespace) }));
  /** Atendo's sockets and every dialect's: who is connected, and who is moved or closed, is asked of all. */
  const spaces: Namespace[] = [io.of("/"), ...dialects.map((d) => d.space)];
  for (const space of spaces) serve(space);

  function serve(space: Namespace): void {
    space.use((socket, next) => {
      admit(handshakeToken(socket.handshake))
        .then(({ actor, rooms: joined }) => {
          socket.data.actor = actor;
          socket.data.rooms = joined;
          next();
        })
        .catch((error: unknown) => next(handshakeRefusal(error, "ERR_SESSION_EXPIRED")));
    });

    // Synchronous on purpose: a client may emit the moment it is connected, so its rooms and
    // listeners must be in place before this handler returns (no await before socket.on).
    space.on("connection", (socket: Socket) => {
      const actor = socket.data.actor as Actor;
      const joined = socket.join(socket.data.rooms as string[]);
      // Atendo's web app asks for every notification in its handshake (`auth.joinNotification`):
      // nothing emitted between its connection and a join message can be missed.
      if ((socket.handshake.auth as { joinNotification?: unknown }).joinNotification === true) void joinScope(socket, scopes.notification);
      void Promise.resolve(joined).then(
        () => {
          for (const listener of connectedListeners) listener(actor);
        },
        () => socket.disconnect(true),
      );
      socket.on("disconnect", () => {
        for (const listener of disconnectedListeners) listener(actor);
      });
      // Joins only ever narrow: each one adds a scope over the rooms the handshake gave this user.
      socket.on("joinNotification", (_payload: unknown, ack?: unknown) => {
        joinScope(socket, scopes.notification).then(() => reply(ack, { ok: true }), () => reply(ack, { ok: false }));
      });
      socket.on("joinTickets", (status: unknown, ack?: unknown) => {
        const parsed = clientEvents.joinTickets.safeParse(status);
        if (!parsed.success) return reply(ack, { ok: false });
        joinScope(socket, scopes.tickets(parsed.data)).then(() => reply(ack, { ok: true }), () => reply(ack, { ok: false }));
      });
      socket.on("joinChatBox", (id: unknown, ack?: unknown) => {
        const parsed = clientEvents.joinChatBox.safeParse(id);
        if (!parsed.success) return reply(ack, { ok: false });
        options.chatBoxAccess(actor, parsed.data)
          .then(async (allowed) => {
            if (allowed) await joinScope(socket, scopes.chatBox(parsed.data));
            reply(ack, { ok: allowed });
          })
          .catch(() => reply(ack, { ok: false }));
      });
    });
  }

  /** updateUserRooms in one namespace. */
  function moveRooms(space: Namespace, userId: number, join: readonly string[], leave: readonly string[]): void {
    for (const scope of [null, scopes.notification, ...ticketStatuses.map(scopes.tickets)]) {
      const as = (room: string) => (scope ? within(scope, room) : room);
      const holders = space.in(as(rooms.user(userId)));
      if (join.length) holders.socketsJoin(join.map(as));
      if (leave.length) holders.socketsLeave(leave.map(as));
    }
    if (join.length || leave.length) {
      space
        .in(rooms.user(userId))
        .fetchSockets()
        .then((sockets) => {
          for (const held of sockets) {
            const boxes = ((held.data as SocketData).scopes ?? []).filter((scope) => scope.startsWith("chatBox:"));
            if (join.length) held.join(boxes.flatMap((box) => join.map((room) => within(box, room))));
            for (const room of boxes.flatMap((box) => leave.map((name) => within(box, name)))) held.leave(room);
          }
        })
        .catch(() => undefined);
    }
  }

  /** Sockets of every namespace connected to this instance. */
  const localSockets = () => spaces.flatMap((space) => [...space.sockets.values()]);

  /** Sockets of every namespace in these rooms, on every instance. */
  async function socketsIn(names: string[]) {
    return (await Promise.all(spaces.map((space) => space.in(names).fetchSockets()))).flat();
  }

  return {
    emit(target, event, payload) {
      const names = deliveryRooms(target);
      if (names.length === 0) return;
      const except = (target.exceptUserIds ?? []).map(rooms.user);
      (except.length > 0 ? io.to(names).except(except) : io.to(names)).emit(event, payload);
      for (const { dialect, space } of dialects) {
        for (const delivery of dialect.translate({ event, payload } as EmittedEvent, target)) deliver(space, delivery, except);
      }
    },
    async anyConnected(userIds) {
      if (userIds.length === 0) return false;
      // Through the adapter: with Redis, the other instances answer for their sockets too.
      return (await socketsIn(userIds.map(rooms.user))).length > 0;
    },
    async connectedUsers(userIds) {
      if (userIds.length === 0) return new Set();
      const sockets = await socketsIn(userIds.map(rooms.user));
      return new Set(sockets.map((socket) => (socket.data as SocketData).actor!.id));
    },
    onConnected(listener) {
      connectedListeners.push(listener);
    },
    onDisconnected(listener) {
      disconnectedListeners.push(listener);
    },
    localUsers() {
      return [...new Set(localSockets().map((socket) => (socket.data.actor as Actor).id))];
    },
    updateUserRooms(userId, change) {
      // The adapter applies these on every instance (Redis included), so sockets held elsewhere move too.
      // The fixed scopes move in the same order as the plain rooms (an event emitted next finds them);
      // chat boxes are per socket, read from each socket's data.
      const join = change.join ?? [];
      const leave = change.leave ?? [];
      for (const space of spaces) moveRooms(space, userId, join, leave);
    },
    disconnectUser(userId, reason, options = {}) {
      for (const space of spaces) {
        const sockets = space.in(rooms.user(userId));
        endSignIn(options.keepSession ? sockets.except(rooms.session(options.keepSession)) : sockets, reason);
      }
    },
    disconnectSessions(sessionIds, reason) {
      if (sessionIds.length > 0) for (const space of spaces) endSignIn(space.in(sessionIds.map(rooms.session)), reason);
    },
    redisConnected() {
      return redis?.connected();
    },
    localSocketCount() {
      return spaces.reduce((sum, space) => sum + space.sockets.size, 0);
    },
    localSessions() {
      return [...new Set(localSockets().map((socket) => (socket.data.actor as Actor).sessionId))];
    },
    disconnectLocalSessions(reasons) {
      for (const socket of localSockets()) {
        const reason = reasons.get((socket.data.actor as Actor).sessionId);
        if (reason) endSignIn(socket, reason);
      }
    },
    outsiderSpace(name) {
      if (spaces.some((space) => space.name === name)) throw new Error(`${name} is a staff namespace`);
      return io.of(name);
    },
    async close() {
      await io.close();
      await redis?.close();
    },
  };
}

interface SocketData {
  actor?: Actor;
  rooms?: string[];
  /** What the socket asked for (joins), kept so queue changes can move its scoped rooms. */
  scopes?: string[];
}

/** Adds a scope to a socket: its rooms `<scope>|<visibility room>` for every visibility room it is in. */
async function joinScope(socket: Socket, scope: string): Promise<void> {
  const data = socket.data as SocketData;
  data.scopes = [...new Set([...(data.scopes ?? []), scope])];
  // socket.rooms, not the handshake's list: queue changes since then moved the socket (updateUserRooms).
  const visible = [...socket.rooms].filter(isVisibilityRoom);
  await socket.join(visible.map((room) => within(scope, room)));
}

/** One dialect delivery: a broadcast to its rooms, or one payload per socket in them. */
function deliver(space: Namespace, delivery: DialectDelivery, except: string[]): void {
  if (delivery.rooms.length === 0) return;
  const sockets = except.length > 0 ? space.to(delivery.rooms).except(except) : space.to(delivery.rooms);
  const { perSocket } = delivery;
  if (!perSocket) return void sockets.emit(delivery.event, delivery.payload);
  sockets
    .fetchSockets()
    .then((found) => {
      for (const socket of found) socket.emit(delivery.event, perSocket({ actor: (socket.data as SocketData).actor!, handshake: socket.handshake }));
    })
    .catch(() => undefined);
}

/**
 * Tells sockets why their sign-in ended, then closes them. Both go down the same connection in
 * this order (engine.io flushes what is queued before it closes), so the notice arrives first and
 * the web app can say why it is back on the sign-in page.
 */
function endSignIn(sockets: ReturnType<Server["in"]> | Socket, reason: SessionEndReason): void {
  const notice: ServerEventPayload<"session"> = { action: "ended", reason };
  sockets.emit("session", notice);
  if ("disconnectSockets" in sockets) sockets.disconnectSockets(true);
  else sockets.disconnect(true);
}

function reply(ack: unknown, value: unknown): void {
  if (typeof ack === "function") (ack as (v: unknown) => void)(value);
}
