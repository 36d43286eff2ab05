import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { waitFor } from "../../test/wait-for.js";
import { MediaStore } from "./media-store.js";

let dir: string;
let store: MediaStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atendo-media-store-"));
  store = new MediaStore(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What the multipart plugin does to the file part being read when a form fails (issue 28): it
 * destroys the stream, without an error, sometimes after busboy has pushed its end. Node's
 * pipeline takes such a stream for a finished one and never ends the file it writes to.
 */
describe("saving an upload whose stream is destroyed", () => {
  it("refuses a stream destroyed before it is read, writing nothing", async () => {
    // Its end pushed, nothing left unread: Node takes it for a finished stream.
    const stream = new Readable({ read() {} });
    stream.push(null);
    stream.destroy();
    await expect(store.saveTemporary(stream)).rejects.toThrow(/closed before it was read/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("fails, and removes its file, when the stream is destroyed after its end was pushed but before it ended", async () => {
    const stream = new Readable({ read() {} });
    const saving = store.saveTemporary(stream);
    stream.push("partial");
    await waitFor(() => readdirSync(dir).length === 1 && stream.readableLength === 0, "the first bytes to be read");
    // As when the file pushes back: the stream is paused with its bytes all read, so its end,
    // once pushed, is not emitted before the destroy.
    stream.pause();
    stream.push(null);
    stream.destroy();
    await expect(saving).rejects.toThrow(/closed before its end/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
