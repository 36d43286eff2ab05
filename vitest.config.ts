import { defineConfig } from "vitest/config";

/**
 * Suites: unit tests of contracts and web, the server over HTTP (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set), and browser journeys (e2e). scripts/test.mjs runs them all.
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
