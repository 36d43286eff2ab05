import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { Mailer } from "./mailer.js";
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
}
