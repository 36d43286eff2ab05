import type { Profile, SessionResponse } from "@atendo/contracts";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app.js";
import { bootstrap } from "../bootstrap.js";
import { loadConfig, type Config } from "../config.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema/index.js";
import type { Mailer } from "../mailer.js";
import { hashPassword } from "../modules/auth/password.js";
import { openTestDatabase } from "./test-database.js";

export const ADMIN = { email: "admin@atendo.test", password: "admin-password" } as const;

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
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

export async function createTestServer(
  env: Record<string, string> = {},
  options: { mailer?: Mailer | null; redisKey?: string } = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const config: Config = loadConfig({
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  const { app, ctx } = await buildApp({ config, database, mailer: options.mailer ?? null, redisKey: options.redisKey });
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
      await database.close();
    },
  };
}
