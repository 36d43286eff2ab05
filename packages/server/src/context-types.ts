/**
 * What the app context (context.ts) holds, as interfaces: the context depends on these, never on
 * the modules and channels that implement them (they import the context; the other way round
 * would be an import cycle, issue 27). Each interface has what its callers outside the owner use,
 * in neutral types (contracts, db rows, the driver seam); `app.ts` puts the implementations in.
 * Lint keeps this file and context.ts off modules/ and channels/ (eslint.config.js), except the
 * driver seam, channels/channel-driver.ts.
 */
import type { ConnectionKind, Mention, Message, Ticket } from "@atendo/contracts";
import type { SQL } from "drizzle-orm";
import type { Readable } from "node:stream";
import type { ChannelDriver, ChannelFormat, DriverEvents, DriverFactory } from "./channels/channel-driver.js";
import type { connections } from "./db/schema/index.js";

type ConnectionRow = typeof connections.$inferSelect;

/**
 * The session commands (disconnect, try again, pairing code, delete a sent message, check a
 * number), carried out by the instance that runs the connection, wherever the request arrived
 * (channels/session-commands.ts).
 */
export interface ConnectionCommands {
  disconnect(connectionId: number, kind: ConnectionKind): Promise<void>;
  restart(connectionId: number, kind: ConnectionKind): Promise<void>;
  requestPairingCode(connectionId: number, number: string): Promise<string>;
  deleteMessage(connectionId: number, to: { number: string; isGroup: boolean }, externalId: string, fromMe: boolean): Promise<void>;
  checkNumber(connectionId: number, number: string): Promise<boolean>;
}

/** One driver per connection, across instances (channels/channel-manager.ts). */
export interface Channels {
  readonly commands: ConnectionCommands;
  registerDriver(kind: ConnectionKind, factory: DriverFactory): void;
  /** How a kind's channel writes what Atendo adds to a message (each channel declares it; channel-formats.ts). */
  formatOf(kind: ConnectionKind): ChannelFormat;
  /** Starts every connection (at boot). */
  startAll(): Promise<void>;
  /** Starts (or restarts) a connection's driver. Never rejects. */
  start(connectionId: number, kind: ConnectionKind): Promise<void>;
  /** Stops a connection's driver, keeping its session. */
  stop(connectionId: number): Promise<void>;
  /** A deleted connection: ends its session and drops its driver. */
  remove(connectionId: number): Promise<void>;
  stopAll(): Promise<void>;
  /**
   * The events of a connection whose channel reports by request (the API channel's calls, the
   * simulator): the way into the pipeline, as a running driver's events are.
   */
  requestEvents(connection: ConnectionRow): DriverEvents;
  /** The running driver of a connection (ERR_WAPP_NOT_INITIALIZED when it has none). */
  driverFor(connectionId: number): ChannelDriver;
  isRunning(connectionId: number): boolean;
  /** The connections whose driver runs here. */
  runningIds(): number[];
  /** Whether another instance runs this connection. */
  ownedElsewhere(connectionId: number): boolean;
  /** One round of claiming connections whose owner went away (a job). */
  retryOwnership(): Promise<void>;
}

/** API connections by id, read by every API-channel call (channels/api/connection-cache.ts). */
export interface ApiConnections {
  get(connectionId: number): Promise<ConnectionRow | undefined>;
  /** Drops a changed connection at once on this instance. */
  forget(connectionId: number): void;
}

/** Failed password attempts per address and email (modules/auth/login-throttle.ts). */
export interface LoginAttempts {
  /** Throws ERR_TOO_MANY_REQUESTS past the limits. */
  check(ip: string, email: string): void;
  recordFailure(ip: string, email: string): void;
  recordSuccess(ip: string, email: string): void;
}

/** Files of messages under MEDIA_DIR, by name (modules/media/media-store.ts). */
export interface MediaFiles {
  path(name: string): string;
  saveBuffer(data: Uint8Array, extension: string): Promise<string>;
  saveTemporary(stream: Readable): Promise<{ path: string; size: number }>;
  linkTemporary(path: string, extension: string): Promise<string>;
  keepTemporary(path: string, extension: string): Promise<string>;
  sweepTemporary(olderThanMs: number, now?: number): Promise<number>;
  linkCopy(name: string): Promise<string>;
  removeFile(path: string): Promise<void>;
  remove(name: string): Promise<void>;
}

/** Web Push to users with no tab open (modules/push/push-notifier.ts). */
export interface PushNotifications {
  /** The server's VAPID keys (the public one goes to browsers). */
  keys(): Promise<{ publicKey: string }>;
  subscriptionsChanged(added: boolean): void;
  /** Pushes a ticket's new inbound messages to the users it concerns who have no tab open. */
  notifyInbound(ticket: Ticket, messages: readonly Message[]): void;
  /** Pushes a new mention to the user mentioned, when they have no tab open. */
  notifyMention(userId: number, mention: Mention): void;
  stop(): void;
  /** Resolves once the pushes already started have ended. */
  idle(): Promise<void>;
}

/**
 * How urgent an outgoing message is to its connection's pace (issue 31): a person's reply (and
 * Atendo's own answers in a conversation) goes first, scheduled messages next, campaigns yield.
 */
export type PacePriority = "reply" | "scheduled" | "bulk";

/** A connection's answer to "may one more message leave now?". */
export type PaceSlot = { granted: true } | { granted: false; retryAt: Date; reason: "rate" | "dailyCap" };

/**
 * One outbound pace per connection, across instances (modules/pace): every message that leaves a
 * connection takes a slot first. Dispatch takes it for the messages it hands over; a sender that
 * writes a message only once it may leave (a campaign, a schedule) takes it before writing and
 * marks the message `paced`, so dispatch does not take a second.
 */
export interface OutboundPace {
  take(connectionId: number, priority: PacePriority, now?: Date): Promise<PaceSlot>;
  /**
   * The same decision as a statement another one folds in (dispatch's claim: one statement for
   * the slot and the claim), returning the connection_pace row with `granted`, `retry_at` and
   * `reason`; taken only while message `dueMessageId` is due. Absent: the caller uses `take`.
   */
  slotStatement?(connectionId: number, priority: PacePriority, now: Date, dueMessageId: number): SQL;
  /**
   * Up to `count` slots at once, in one decision (a batch of messages leaving together): how many
   * were granted, as many as asking one after another at `now` would have got. Absent: the
   * caller takes them one by one.
   */
  takeSlots?(connectionId: number, priority: PacePriority, count: number, now?: Date): Promise<number>;
}
