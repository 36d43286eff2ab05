import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import type { ApiConnections, Channels, LoginAttempts, MediaFiles, OutboundPace, PushNotifications } from "./context-types.js";
import type { AppSlots } from "./core/app-slots.js";
import type { OutboundGuard } from "./core/outbound-guard.js";
import type { Database, Db } from "./db/client.js";
import type { DomainEvents } from "./events/event-bus.js";
import type { EventOutbox } from "./events/event-outbox.js";
import type { Mailer } from "./mailer.js";
import type { Realtime } from "./realtime/realtime.js";

/**
 * What every module needs; built once in buildApp (its pieces first, then this object) and handed
 * to routes and services. Per-app state (caches, workers) lives here or on the objects it holds,
 * never in module-level maps: two apps in one process (tests) share nothing. The context names
 * interfaces (context-types.ts), not the modules and channels that implement them.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /**
   * Where reports and ticket searches read: the read replica when DATABASE_REPLICA_URL is set
   * (falling back to the primary while it is unreachable), else `db` itself (docs/decisions/0055).
   * Reads only; whatever must see the request's own writes reads `db`.
   */
  reads: Db;
  realtime: Realtime;
  /**
   * Domain events: a write publishes what happened, listeners (sockets, Web Push, durable ones)
   * run after its commit (events/event-bus.ts). Services publish; nothing else emits.
   */
  events: DomainEvents;
  /** Where durable listeners' events wait for one instance to run them. */
  eventOutbox: EventOutbox;
  /** HMAC key of access tokens: JWT_SECRET or the one generated at first start. */
  jwtKey: Uint8Array;
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  /** Files of messages under MEDIA_DIR. */
  media: MediaFiles;
  /** One driver per connection (started by main.ts, not by buildApp). */
  channels: Channels;
  /**
   * State one layer keeps for itself, under a key its owner declares (core/app-slots.ts): the
   * inbound pipeline's group commit, the contact import runner.
   */
  slots: AppSlots;
  /** Where webhooks and Web Push endpoints may point (checked when saved and when delivered). */
  webhookGuard: OutboundGuard;
  /** API connections by id, read by every API-channel call. */
  apiConnections: ApiConnections;
  /** Failed password attempts (sign-in, the current password on a change), per address and email. */
  loginThrottle: LoginAttempts;
  /** Web Push of new inbound messages to users with no tab open (docs/decisions/0042). */
  push: PushNotifications;
  /** Every outgoing message's slot on its connection (issue 31). */
  pace: OutboundPace;
}
