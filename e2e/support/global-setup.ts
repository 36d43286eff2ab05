import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

export const E2E_ADMIN = { email: "admin@atendo.e2e", password: "admin-password-e2e", name: "Ada Admin" };

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = new URL("../..", import.meta.url).pathname;

/**
 * Starts one real Atendo server (built web app, embedded PostgreSQL in a temporary folder) for
 * all browser journeys. `npm test` builds the web app before this runs.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, "packages/web/dist/index.html"))) {
    throw new Error("packages/web/dist is missing: run `npm run build` first (npm test does).");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "atendo-e2e-"));
  const port = 18_000 + Math.floor(Math.random() * 2000);
  const child = spawn("npx", ["tsx", "packages/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DIR: join(dataDir, "db"),
      MEDIA_DIR: join(dataDir, "media"),
      DATABASE_URL: "",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      SHUTDOWN_BANNER_DATE: "31/12",
      SHUTDOWN_BANNER_URL: "https://wa.me/5500000000000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await waitForStart(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  project.provide("baseUrl", baseUrl);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function waitForStart(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Atendo is running")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}
