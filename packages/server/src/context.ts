import type { FastifyBaseLogger } from "fastify";
import type { ApiConnectionCache } from "./channels/api/connection-cache.js";
import type { WebhookOutbox } from "./channels/api/webhook-outbox.js";
import type { ChannelManager } from "./channels/channel-manager.js";
import type { InboundGroupCommit } from "./channels/pipeline/inbound-batch.js";
import type { Config } from "./config.js";
import type { OutboundGuard } from "./core/outbound-guard.js";
import type { Database, Db } from "./db/client.js";
import type { Mailer } from "./mailer.js";
import type { LoginThrottle } from "./modules/auth/login-throttle.js";
import type { ContactImportRunner } from "./modules/contact-import/import-runner.js";
import type { MediaStore } from "./modules/media/media-store.js";
import type { PushNotifier } from "./modules/push/push-notifier.js";
import type { Realtime } from "./realtime/realtime.js";

/**
 * What every module needs; built once in buildApp (its pieces first, then this object) and handed
 * to routes and services. Per-app state (caches, workers) lives here or on the objects it holds,
 * never in module-level maps: two apps in one process (tests) share nothing.
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
  /** HMAC key of access tokens: JWT_SECRET or the one generated at first start. */
  jwtKey: Uint8Array;
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  /** Files of messages under MEDIA_DIR. */
  media: MediaStore;
  /** One driver per connection (started by main.ts, not by buildApp). */
  channels: ChannelManager;
  /**
   * Inbound messages stored together, one commit per batch, on a PostgreSQL server; undefined on
   * PGlite, which stores them one at a time (channels/pipeline/inbound-batch.ts).
   */
  inboundGroupCommit: InboundGroupCommit | undefined;
  /** The API channel's webhook deliveries. */
  outbox: WebhookOutbox;
  /** Where webhooks and Web Push endpoints may point (checked when saved and when delivered). */
  webhookGuard: OutboundGuard;
  /** API connections by id, read by every API-channel call. */
  apiConnections: ApiConnectionCache;
  /** Failed password attempts (sign-in, the current password on a change), per address and email. */
  loginThrottle: LoginThrottle;
  /** This process's contact import (one at a time per install). */
  contactImports: ContactImportRunner;
  /** Web Push of new inbound messages to users with no tab open (docs/decisions/0042). */
  push: PushNotifier;
}
