import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const root = new URL("../../..", import.meta.url).pathname;

/** The message loadConfig throws for this environment (fails the test when it does not throw). */
function rejection(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("applies the documented defaults to an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, EMBEDDED_POSTGRES_DIR: "./data/postgres", PGLITE_DIR: "./data/db", APP_TITLE: "Atendo", COOKIE_SECURE: false });
    // Private webhook addresses are refused unless an operator allows them.
    expect(config).toMatchObject({ WEBHOOK_ALLOW_PRIVATE: false, UPLOAD_IDLE_TIMEOUT_SECONDS: 30, UPLOAD_MAX_SECONDS: 1800 });
    expect(config.DATABASE_URL).toBeUndefined();
    // The licence's seats as the spec's About page shows them (issue 28: configurable).
    expect(config).toMatchObject({ LICENCE_USERS: 5, LICENCE_ADMINISTRATORS: 1 });
  });

  it("takes the licence's seats from the environment, administrators among the users", () => {
    expect(loadConfig({ LICENCE_USERS: "25", LICENCE_ADMINISTRATORS: "3" })).toMatchObject({ LICENCE_USERS: 25, LICENCE_ADMINISTRATORS: 3 });
    expect(loadConfig({ LICENCE_USERS: "", LICENCE_ADMINISTRATORS: "" })).toMatchObject({ LICENCE_USERS: 5, LICENCE_ADMINISTRATORS: 1 });
    expect(rejection({ LICENCE_USERS: "3", LICENCE_ADMINISTRATORS: "4" })).toBe("Invalid configuration: LICENCE_ADMINISTRATORS: at most LICENCE_USERS (administrators are users too)");
  });

  it("reads single sign-on (docs/decisions/0098) and refuses what cannot work", () => {
    const oidc = { OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "atendo", OIDC_CLIENT_SECRET: "s3cret", PUBLIC_URL: "https://chat.example.com" };
    expect(loadConfig({})).toMatchObject({ OIDC_CREATE_USERS: false, PASSWORD_SIGN_IN: "on", OIDC_BUTTON_LABEL: "single sign-on" });
    expect(loadConfig({ ...oidc, PASSWORD_SIGN_IN: "off", OIDC_CREATE_USERS: "true" })).toMatchObject({ PASSWORD_SIGN_IN: "off", OIDC_CREATE_USERS: true });
    expect(loadConfig({ ...oidc, OIDC_ISSUER: "http://localhost:9000" }).OIDC_ISSUER).toBe("http://localhost:9000");
    expect(rejection({ ...oidc, OIDC_ISSUER: "http://id.example.com" })).toMatch(/^Invalid configuration: OIDC_ISSUER: an https:\/\/ URL/);
    expect(rejection({ ...oidc, OIDC_CLIENT_SECRET: "" })).toMatch(/^Invalid configuration: OIDC_CLIENT_ID: /);
    expect(rejection({ ...oidc, PUBLIC_URL: "" })).toMatch(/^Invalid configuration: PUBLIC_URL: /);
    expect(rejection({ PASSWORD_SIGN_IN: "off" })).toMatch(/^Invalid configuration: PASSWORD_SIGN_IN: off needs OIDC_ISSUER/);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "not a url"],
    ["DATABASE_REPLICA_URL", "not a url"],
    ["JWT_SECRET", "too-short"],
    ["ADMIN_EMAIL", "admin-at-nowhere"],
    ["ADMIN_PASSWORD", "short"],
    ["LOG_LEVEL", "loud"],
    ["COOKIE_SECURE", "yes"],
    ["TICKETS_AUTO_CLOSE_HOURS", "-1"],
    ["WEBHOOK_ALLOW_PRIVATE", "maybe"],
    ["UPLOAD_IDLE_TIMEOUT_SECONDS", "0"],
    // Redis names are subscribed to by pattern: no pattern characters in the prefix.
    ["REDIS_PREFIX", "tenant*"],
    ["REDIS_PREFIX", "a#b"],
    ["LICENCE_USERS", "0"],
    ["LICENCE_USERS", "five"],
    ["LICENCE_ADMINISTRATORS", "1.5"],
  ])("rejects %s=%s with one line naming the variable", (variable, value) => {
    const message = rejection({ [variable]: value });
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable}: `));
    expect(message).not.toContain("\n");
  });

  it("names Redis traffic `atendo` unless REDIS_PREFIX says otherwise (docs/decisions/0060)", () => {
    expect(loadConfig({}).REDIS_PREFIX).toBe("atendo");
    expect(loadConfig({ REDIS_PREFIX: "" }).REDIS_PREFIX).toBe("atendo");
    expect(loadConfig({ REDIS_PREFIX: "staging.tenant-2" }).REDIS_PREFIX).toBe("staging.tenant-2");
  });

  it("takes a read replica only beside a DATABASE_URL", () => {
    const primary = "postgres://atendo@db-primary:5432/atendo";
    const replica = "postgres://atendo@db-replica:5432/atendo";
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica })).toMatchObject({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica });
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: "" }).DATABASE_REPLICA_URL).toBeUndefined();
    // The embedded database (no DATABASE_URL) has no replica: said at start-up, not ignored.
    expect(rejection({ DATABASE_REPLICA_URL: replica })).toBe(
      "Invalid configuration: DATABASE_REPLICA_URL: needs DATABASE_URL (the primary it replicates); the embedded database has no replica",
    );
  });
});

describe("start-up with a bad value", () => {
  it("stops with exit code 1 and prints the one line", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "eighty", DATABASE_URL: "", REDIS_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toEqual([expect.stringMatching(/^Invalid configuration: PORT: /)]);
  });
});
