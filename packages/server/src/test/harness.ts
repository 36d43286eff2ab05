import type { Profile, SessionResponse } from "@atendo/contracts";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, type AppDeps } from "../app.js";
import { bootstrap } from "../bootstrap.js";
import { loadConfig, type Config } from "../config.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema/index.js";
import type { Database } from "../db/client.js";
import type { JobRegistry } from "../jobs/job-registry.js";
import type { Mailer } from "../mailer.js";
import { hashPassword } from "../modules/auth/password.js";
import { openTestDatabase } from "./test-database.js";

export const ADMIN = { email: "admin@atendo.test", password: "admin-password" } as const;

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Not started: a test starts the job it exercises (`jobs.start("auto-close")`). */
  jobs: JobRegistry;
  close(): Promise<void>;
  /** Logs in and returns the session plus the refresh cookie value. */
  login(email: string, password: string): Promise<SessionResponse & { cookie: string }>;
  adminToken(): Promise<string>;
  /** Inserts an active user straight into the database and returns a token for them. */
  createUser(input?: { name?: string; email?: string; password?: string; profile?: Profile }): Promise<{
    id: number;
    email: string;
    password: string;
    token: string;
  }>;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Starts listening on a free loopback port and returns the base URL (for sockets). */
  listen(): Promise<string>;
}

let userSeq = 0;

export interface TestServerOptions extends Pick<AppDeps, "channels" | "webhooks" | "jobs" | "drivers" | "whatsapp" | "telegram" | "logStream" | "resolveHost" | "contactImport" | "replica" | "eventOutbox" | "onRoute" | "presence" | "paceRandom"> {
  mailer?: Mailer | null;
  /** Another server's database (a restart): left open on close, for its owner to close. */
  database?: Database;
}

/**
 * A built (not listening) app on a fresh database, with its own media folder. Channels and jobs
 * are not started (tests that need drivers create connections, whose drivers start, or start them); the
 * WhatsApp kind has no driver unless a test registers one; the demo connection is off unless
 * DEMO_CONNECTION is passed.
 */
export async function createTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  const mediaDir = env.MEDIA_DIR ?? mkdtempSync(join(tmpdir(), "atendo-media-"));
  const config: Config = loadConfig({
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_CONNECTION: "false",
    MEDIA_DIR: mediaDir,
    // Test webhook receivers listen on 127.0.0.1; the refusal of private addresses is tested with "false".
    WEBHOOK_ALLOW_PRIVATE: "true",
    // Days and hours as the tests write them, whatever the machine's zone; a test sets its own to check another.
    TIME_ZONE: "UTC",
    ...env,
  });
  const { app, ctx, jobs } = await buildApp({
    config,
    database,
    mailer: options.mailer ?? null,
    channels: options.channels,
    webhooks: options.webhooks,
    jobs: options.jobs,
    // No real WhatsApp in tests (this network cannot reach it): tests register fake drivers, or
    // pass `whatsapp` deps (a fake Baileys socket) to run the real driver.
    // Nor Telegram: its driver runs only against a fake a test names (TELEGRAM_API_URL).
    drivers: { ...(env.TELEGRAM_API_URL ? {} : { telegram: null }), ...(options.drivers ?? (options.whatsapp ? {} : { whatsapp: null })) },
    whatsapp: options.whatsapp,
    telegram: options.telegram,
    logStream: options.logStream,
    resolveHost: options.resolveHost,
    contactImport: options.contactImport,
    replica: options.replica,
    eventOutbox: options.eventOutbox,
    onRoute: options.onRoute,
    presence: options.presence,
    paceRandom: options.paceRandom,
  });
  await bootstrap(ctx);
  await app.ready();

  const request: TestServer["request"] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const login: TestServer["login"] = async (email, password) => {
    const response = await request({ method: "POST", url: "/api/auth/login", payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
    const cookie = response.cookies.find((c) => c.name === "jrt")?.value ?? "";
    return { ...(response.json() as SessionResponse), cookie };
  };

  let adminToken: string | undefined;
  return {
    app,
    ctx,
    jobs,
    request,
    login,
    async adminToken() {
      adminToken ??= (await login(ADMIN.email, ADMIN.password)).token;
      return adminToken;
    },
    async createUser(input = {}) {
      const n = ++userSeq;
      const email = input.email ?? `user${n}-${process.pid}@atendo.test`;
      const password = input.password ?? "user-password";
      const [row] = await ctx.db
        .insert(users)
        .values({
          name: input.name ?? `User ${n}`,
          email,
          passwordHash: await hashPassword(password),
          profile: input.profile ?? "user",
        })
        .returning({ id: users.id });
      if (!row) throw new Error("user not created");
      return { id: row.id, email, password, token: (await login(email, password)).token };
    },
    async listen() {
      return app.listen({ port: 0, host: "127.0.0.1" });
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
      if (!env.MEDIA_DIR) rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
