import { defineConfig } from "vitest/config";

/**
 * Suites: unit tests of contracts and web, the server over HTTP (on the embedded PostgreSQL server
 * Atendo starts by default, or on the server at TEST_DATABASE_URL), and browser journeys (e2e).
 * scripts/test.mjs runs them all.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "contracts", include: ["packages/contracts/src/**/*.test.ts"] } },
      { test: { name: "repo", include: ["scripts/**/*.test.ts"] } },
      { test: { name: "web", include: ["packages/web/src/**/*.test.{ts,tsx}"] } },
      {
        test: {
          name: "server",
          include: ["packages/server/src/**/*.test.ts"],
          exclude: process.env.TEST_REDIS_URL ? [] : ["**/*.redis.test.ts"],
          // Without TEST_DATABASE_URL: one embedded PostgreSQL server for the whole run.
          globalSetup: ["packages/server/src/test/embedded-postgres-setup.ts"],
          // A worker keeps the modules it loaded for its next file: each file builds its own app on
          // its own database, and loading the server's module graph again for each of 130 files was
          // most of the suite's time (import 60 s against 10 s on one folder).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
