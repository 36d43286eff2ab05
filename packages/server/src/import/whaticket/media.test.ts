import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImportContext } from "./context.js";
import { copyMedia, mediaPath, mediaRefusals } from "./media.js";

/**
 * What a Whaticket `mediaUrl` may reach: files inside `--media` only, judged after decoding. The
 * folder layout: `root/secret.txt` outside, `root/public/` given as --media with a photo, a
 * subfolder, and links pointing out and in.
 */
describe("Whaticket import: media paths", () => {
  let ctx: ImportContext;
  let mediaDir: string;

  beforeAll(() => {
    const root = mkdtempSync(join(tmpdir(), "atendo-wt-media-"));
    const from = join(root, "public");
    mkdirSync(join(from, "sub"), { recursive: true });
    writeFileSync(join(root, "secret.txt"), "outside");
    writeFileSync(join(from, "photo 1.jpg"), "jpeg");
    writeFileSync(join(from, "sub", "doc.pdf"), "pdf");
    symlinkSync(join(root, "secret.txt"), join(from, "leak.txt"));
    symlinkSync(join(from, "photo 1.jpg"), join(from, "alias.jpg"));
    mediaDir = join(root, "atendo-media");
    ctx = { mediaFrom: from, mediaDir, dryRun: false, fingerprint: "test", batchSize: 10 } as ImportContext;
  });

  it.each([
    ["photo%201.jpg", "photo 1.jpg"],
    ["https://whaticket.example/public/photo%201.jpg?x=1", "photo 1.jpg"],
    ["sub%2Fdoc.pdf", "sub/doc.pdf"],
    ["sub\\doc.pdf", "sub/doc.pdf"],
    ["sub/../photo 1.jpg", "photo 1.jpg"],
  ])("follows %s to %s", (mediaUrl, path) => {
    expect(mediaPath(mediaUrl)).toEqual({ path });
  });

  it.each(["..%2F..%2Fsecret.txt", "../secret.txt", "..\\secret.txt", "%2Fetc%2Fpasswd", "/etc/passwd", "C:\\Windows\\win.ini", "sub/../../secret.txt", "x%00.jpg"])(
    "refuses %s as outside the folder",
    (mediaUrl) => {
      expect(mediaPath(mediaUrl)).toEqual({ refused: mediaRefusals.outside });
    },
  );

  it("refuses a bare % as bad encoding instead of failing the import", async () => {
    expect(mediaPath("100%.jpg")).toEqual({ refused: mediaRefusals.encoding });
    expect(await copyMedia(ctx, "m1", "100%.jpg")).toMatchObject({ mediaName: null, refused: mediaRefusals.encoding });
  });

  it("copies a file inside the folder, also through a link that stays inside", async () => {
    expect(await copyMedia(ctx, "m2", "photo%201.jpg")).toMatchObject({ fileName: "photo 1.jpg", mimeType: "image/jpeg", mediaName: expect.stringMatching(/\.jpg$/) });
    expect((await copyMedia(ctx, "m3", "alias.jpg")).mediaName).toMatch(/\.jpg$/);
    expect((await copyMedia(ctx, "m4", "sub%5Cdoc.pdf")).mediaName).toMatch(/\.pdf$/);
    expect(readdirSync(mediaDir)).toHaveLength(3);
  });

  it("copies nothing from outside: an encoded climb, or a link that points out", async () => {
    const before = readdirSync(mediaDir).length;
    expect(await copyMedia(ctx, "m5", "..%2F..%2Fsecret.txt")).toMatchObject({ mediaName: null, refused: mediaRefusals.outside });
    expect(await copyMedia(ctx, "m6", "leak.txt")).toMatchObject({ mediaName: null, refused: mediaRefusals.outside });
    expect(await copyMedia(ctx, "m7", "sub")).toMatchObject({ mediaName: null });
    expect(readdirSync(mediaDir)).toHaveLength(before);
  });
});
