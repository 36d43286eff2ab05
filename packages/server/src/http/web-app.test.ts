import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../test/harness.js";

const folders: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A web build folder with these files, and a server on it with this title. */
async function serverWith(title: string, files: Record<string, string>): Promise<TestServer> {
  const dist = mkdtempSync(join(tmpdir(), "atendo-web-dist-"));
  folders.push(dist);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
  const server = await createTestServer({ APP_TITLE: title, WEB_DIST: dist });
  servers.push(server);
  return server;
}

describe("GET /manifest.webmanifest", () => {
  it("serves the built manifest under the configured title, beside the SPA", async () => {
    const built = { name: "Atendo", short_name: "Atendo", display: "standalone", theme_color: "#123456" };
    const server = await serverWith("Acme Help", {
      "index.html": "<!doctype html><title>spa</title>",
      "manifest.webmanifest": JSON.stringify(built),
    });
    const response = await server.request({ method: "GET", url: "/manifest.webmanifest" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(response.json()).toEqual({ ...built, name: "Acme Help", short_name: "Acme Help" });
    // The rest of the build is still served, client routes included.
    expect((await server.request({ method: "GET", url: "/tickets" })).body).toContain("<title>spa</title>");
  });

  it("falls back to the web app's source manifest when there is no build", async () => {
    const server = await serverWith("Help Desk", {});
    const response = await server.request({ method: "GET", url: "/manifest.webmanifest" });
    expect(response.statusCode).toBe(200);
    const source = JSON.parse(readFileSync(new URL("../../../web/public/manifest.webmanifest", import.meta.url), "utf8")) as object;
    expect(response.json()).toEqual({ ...source, name: "Help Desk", short_name: "Help Desk" });
    expect(response.json().display).toBe("standalone");
  });
});
