import { errorCatalogue } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../test/harness.js";
import { openTestDatabase } from "../test/test-database.js";
import { shippedMigrations } from "../db/migration-status.js";
import { sql } from "drizzle-orm";
import { AppError } from "../core/app-error.js";
import { mapError } from "./error-mapper.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe("health", () => {
  it("answers liveness and readiness without a session", async () => {
    expect((await server.request({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
    expect((await server.request({ method: "GET", url: "/api/ready" })).json()).toEqual({ status: "ok" });
  });

  it("answers readiness with 503 while the database is unreachable, liveness still ok", async () => {
    const database = await openTestDatabase();
    // The harness leaves a database it was given open; closing it first cuts the app off from it.
    const cutOff = await createTestServer({}, { database });
    try {
      await database.close();
      const ready = await cutOff.request({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: "ERR_DATABASE_UNAVAILABLE", message: errorCatalogue.ERR_DATABASE_UNAVAILABLE.en });
      expect((await cutOff.request({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await cutOff.close();
    }
  });

  it("answers readiness with 503 ERR_MIGRATIONS_PENDING while a shipped migration is not applied", async () => {
    const database = await openTestDatabase();
    const behind = await createTestServer({}, { database });
    try {
      const newest = shippedMigrations().at(-1)!;
      // As if this release's last migration had not run yet: drizzle's record of it removed.
      const removed = (await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.when} returning hash`)) as unknown as {
        rows: { hash: string }[];
      };
      expect(removed.rows).toHaveLength(1);
      const ready = await behind.request({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ error: "ERR_MIGRATIONS_PENDING", message: `Migrations not applied: ${newest.tag}.` });
      expect((await behind.request({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed.rows[0]!.hash}, ${newest.when})`);
      expect((await behind.request({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    } finally {
      await behind.close();
      await database.close();
    }
  });
});

describe("error mapping", () => {
  it("answers an unknown API route with a catalogued 404", async () => {
    const response = await server.request({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NOT_FOUND", message: errorCatalogue.ERR_NOT_FOUND.en });
  });

  it("answers malformed JSON with ERR_MISSING_VALUES, not a 500", async () => {
    const response = await server.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
  });

  it("answers an unsupported content type with FILE_NOT_SUPPORTED", async () => {
    const response = await server.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/xml" },
      payload: "<x/>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe("FILE_NOT_SUPPORTED");
  });

  it("maps database constraint errors to client errors", () => {
    const unique = { code: "23505", constraint: "users_email_active_key" };
    expect(mapError(new Error("failed query", { cause: unique }))).toMatchObject({
      status: 409,
      body: { error: "ERR_EMAIL_ALREADY_EXISTS" },
    });
    expect(mapError(new Error("q", { cause: { code: "23503" } }))).toMatchObject({ status: 400, body: { error: "ERR_MISSING_VALUES" } });
    expect(mapError(new Error("q", { cause: { code: "22P02" } }))).toMatchObject({ status: 400 });
    expect(mapError(new Error("boom"))).toMatchObject({ status: 500, body: { error: "ERR_INTERNAL" } });
    for (const [constraint, code] of [
      ["ura_items_selector_key", "ERR_DUPLICATED_URAITEM_SELECTOR"],
      ["announcements_name_key", "ERR_ANNOUNCEMENT_NAME_EXISTS"],
      ["monitorings_name_key", "ERR_MONITORING_NAME_EXISTS"],
    ]) {
      expect(mapError(new Error("q", { cause: { code: "23505", constraint } }))).toEqual({ status: 409, body: { error: code, message: expect.any(String) } });
    }
  });

  it("adds an error's details to the body (usedBy of ERR_DESTINATION_IN_USE)", () => {
    const usedBy = [{ type: "connection" as const, id: 3, name: "Demo" }];
    expect(mapError(new AppError("ERR_DESTINATION_IN_USE", 409, "In use.", { usedBy }))).toEqual({
      status: 409,
      body: { error: "ERR_DESTINATION_IN_USE", message: "In use.", usedBy },
    });
    expect(mapError(new AppError("ERR_NO_URA_FOUND")).body).toEqual({ error: "ERR_NO_URA_FOUND", message: errorCatalogue.ERR_NO_URA_FOUND.en });
  });

  it("serves the OpenAPI document with the auth routes", async () => {
    const response = await server.request({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(["/api/auth/login", "/api/auth/refresh_token", "/api/settings/{key}", "/api/uras/{id}", "/api/monitorings"]));
    const refused = response.json().paths["/api/queue/{id}"].delete.responses["409"];
    expect(JSON.stringify(refused)).toContain("usedBy");
  });
});
