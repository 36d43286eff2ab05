// Latency of the request paths every screen pays for: an authenticated read (token check + user
// and session lookup) and a refresh-token rotation. `npm run bench:auth` (the embedded PostgreSQL
// server, as Atendo runs by default), or with BENCH_DATABASE_URL=postgres://… for a PostgreSQL server.
import { spawnServer } from "../packages/server/src/test/spawn-server.js";
import { summarise, time, writeResult } from "./support/stats.js";

const admin = { email: "bench@atendo.local", password: "bench-password" };
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "";
const server = await spawnServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, DATABASE_URL: databaseUrl });

try {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  let cookie = /jrt=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1] ?? "";

  const authenticatedRead = summarise(
    await time(2000, async () => {
      const response = await fetch(`${server.baseUrl}/api/users/${user.id}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`read failed: ${response.status}`);
      await response.arrayBuffer();
    }),
  );
  const refreshRotation = summarise(
    await time(500, async () => {
      const response = await fetch(`${server.baseUrl}/api/auth/refresh_token`, { method: "POST", headers: { cookie: `jrt=${cookie}` } });
      if (!response.ok) throw new Error(`refresh failed: ${response.status}`);
      cookie = /jrt=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? cookie;
      await response.arrayBuffer();
    }),
  );

  const result = {
    database: databaseUrl ? "postgres" : "embedded",
    when: new Date().toISOString(),
    unit: "ms",
    authenticatedRead,
    refreshRotation,
  };
  console.table({ authenticatedRead, refreshRotation });
  writeResult(`auth-latency-${result.database}`, result);
} finally {
  await server.stop();
}
