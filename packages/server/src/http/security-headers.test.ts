import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound } from "../test/channel-fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../test/harness.js";
import { pngBytes } from "../test/media-samples.js";

const folders: string[] = [];
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A server on a tiny web build, with this environment. */
async function serverWith(env: Record<string, string> = {}): Promise<TestServer> {
  const dist = mkdtempSync(join(tmpdir(), "atendo-web-dist-"));
  folders.push(dist);
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>spa</title>");
  writeFileSync(join(dist, "app.js"), "console.log('app')");
  const server = await createTestServer({ WEB_DIST: dist, ...env });
  servers.push(server);
  return server;
}

/** The CSP's directives by name, e.g. { "script-src": ["'self'"] }. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

let plain: TestServer;
beforeAll(async () => {
  plain = await serverWith();
});

describe("security headers", () => {
  it("forbid framing, sniffing and referrers on the web app, its files, the API and its errors", async () => {
    const admin = await plain.adminToken();
    const answers = await Promise.all([
      plain.request({ method: "GET", url: "/login" }),
      plain.request({ method: "GET", url: "/app.js" }),
      plain.request({ method: "GET", url: "/api/public/config" }),
      plain.request({ method: "GET", url: "/api/tickets", token: admin }),
      plain.request({ method: "GET", url: "/api/tickets" }), // 401
      plain.request({ method: "GET", url: "/api/nothing-here" }), // 404
    ]);
    for (const response of answers) {
      const where = `${response.statusCode} ${response.headers["content-type"]}`;
      expect(directives(response.headers["content-security-policy"])["frame-ancestors"], where).toEqual(["'none'"]);
      expect(response.headers["x-frame-options"], where).toBe("DENY");
      expect(response.headers["x-content-type-options"], where).toBe("nosniff");
      expect(response.headers["referrer-policy"], where).toBe("no-referrer");
      expect(response.headers["strict-transport-security"], where).toBeUndefined();
    }
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 401, 404]);
  });

  it("let the page run its own scripts only, and reach its own origin (API, socket.io)", async () => {
    const policy = directives((await plain.request({ method: "GET", url: "/tickets" })).headers["content-security-policy"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    // Recorded audio and media previews are blob: URLs; contact pictures come from HTTPS hosts.
    expect(policy["img-src"]).toEqual(expect.arrayContaining(["'self'", "data:", "blob:", "https:"]));
    expect(policy["media-src"]).toEqual(expect.arrayContaining(["'self'", "blob:"]));
  });

  it("allow a logo configured on a plain-HTTP host", async () => {
    const server = await serverWith({ APP_LOGO_URL: "http://intranet.example:8081/brand/logo.png", LOGIN_LOGO_URL: "/custom/login.png" });
    const policy = directives((await server.request({ method: "GET", url: "/login" })).headers["content-security-policy"]);
    expect(policy["img-src"]).toContain("http://intranet.example:8081");
    expect(policy["img-src"]?.filter((source) => source.startsWith("http:"))).toHaveLength(1);
  });

  it("add HSTS when the install is served over HTTPS (COOKIE_SECURE)", async () => {
    const server = await serverWith({ COOKIE_SECURE: "true" });
    for (const url of ["/login", "/api/public/config"]) {
      expect((await server.request({ method: "GET", url })).headers["strict-transport-security"]).toBe("max-age=31536000");
    }
  });

  it("keep the stricter sandboxing policy of a downloaded file", async () => {
    const { token: admin, user } = await plain.login(ADMIN.email, ADMIN.password);
    const connection = await createConnection(plain, admin, { destinationType: "users", destinationItem: user.id });
    const { ticketId } = await inbound(plain, connection, { media: { data: pngBytes.toString("base64"), mimeType: "image/png", fileName: "photo.png" } });
    const page = (await plain.request({ method: "GET", url: `/api/messages/${ticketId}`, token: admin })).json();
    const mediaUrl = page.messages.find((message: { mediaUrl: string | null }) => message.mediaUrl)?.mediaUrl as string;
    const file = await plain.request({ method: "GET", url: mediaUrl, token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["x-frame-options"]).toBe("DENY");
  });
});
