import { existsSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A file in the media folder last written `hoursAgo` hours ago. */
function mediaFile(name: string, hoursAgo: number): string {
  const path = join(server.ctx.config.MEDIA_DIR, name);
  writeFileSync(path, "bytes");
  const when = new Date(Date.now() - hoursAgo * 3_600_000);
  utimesSync(path, when, when);
  return path;
}

describe("upload sweep job", () => {
  it("removes, as soon as it starts, temporary upload files a killed process left behind, and nothing else", async () => {
    expect(server.jobs.names()).toContain("upload-sweep");
    const orphan = mediaFile("6f1c2a3e-0b7d-4c1e-9a55-2d4e8f9a0b1c.upload", 3);
    const live = mediaFile("0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.upload", 0);
    const stored = mediaFile("1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e.png", 3);

    server.jobs.start("upload-sweep"); // its first run is at start-up

    await waitFor(() => !existsSync(orphan), "the orphan upload file to be removed");
    expect([existsSync(live), existsSync(stored)]).toEqual([true, true]);
  });
});
