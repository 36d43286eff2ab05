import type { FastifyBaseLogger } from "fastify";
import type { WebhookOutbox } from "./channels/api/webhook-outbox.js";
import type { ChannelManager } from "./channels/channel-manager.js";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { Mailer } from "./mailer.js";
import type { MediaStore } from "./modules/media/media-store.js";
import type { Realtime } from "./realtime/realtime.js";

/** What every module needs; built once in buildApp and handed to routes and services. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  realtime: Realtime;
  /** HMAC key of access tokens: JWT_SECRET or the one generated at first start. */
  jwtKey: Uint8Array;
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  /** Files of messages under MEDIA_DIR. */
  media: MediaStore;
  /** One driver per connection (started by startChannels, not by buildApp). */
  channels: ChannelManager;
  /** The API channel's webhook deliveries. */
  outbox: WebhookOutbox;
}
