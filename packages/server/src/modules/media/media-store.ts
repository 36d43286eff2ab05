import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { link, mkdir, readdir, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MediaFiles } from "../../context-types.js";
import { AppError } from "../../core/app-error.js";

/** Temporary files of uploads in progress end so; stored names never do. */
const temporarySuffix = ".upload";

/** Stored names: a UUID and an extension; nothing else is ever served. */
export const mediaNamePattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,10})?$/;

/** What the system says when the media folder's disk (or the user's quota on it) is full. */
const fullDiskCodes = new Set(["ENOSPC", "EDQUOT"]);

/** True for a write refused because the media folder's disk is full (the error as the store throws it). */
export function isStorageFull(error: unknown): boolean {
  return error instanceof AppError && error.code === "ERR_STORAGE_FULL";
}

/**
 * Runs a write to the media folder; a full disk becomes ERR_STORAGE_FULL (507), the one code
 * every upload and the inbound pipeline answer for it (docs/decisions/0101). Other errors pass.
 */
async function writing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw typeof code === "string" && fullDiskCodes.has(code) ? new AppError("ERR_STORAGE_FULL") : error;
  }
}

/**
 * Files of messages under MEDIA_DIR, each under a new unique name: a file is never overwritten
 * (`wx` and hard links fail rather than replace), so two uploads of "photo.jpg" never collide.
 */
export class MediaStore implements MediaFiles {
  constructor(private readonly dir: string) {}

  path(name: string): string {
    if (!mediaNamePattern.test(name)) throw new Error(`not a media name: ${name}`);
    return join(this.dir, name);
  }

  private async ready(): Promise<void> {
    await writing(() => mkdir(this.dir, { recursive: true }));
  }

  /** Writes bytes under a new name with this extension; returns the name. A write that fails leaves no part of the file. */
  async saveBuffer(data: Uint8Array, extension: string): Promise<string> {
    await this.ready();
    const name = `${randomUUID()}.${extension}`;
    const path = this.path(name);
    try {
      await writing(() => writeFile(path, data, { flag: "wx" }));
    } catch (error) {
      // A full disk fails the write after part of it landed: that part goes.
      await this.removeFile(path);
      throw error;
    }
    return name;
  }

  /**
   * Streams an upload to a temporary file; returns its path and size (the caller then keeps or
   * drops it). If the stream fails (the client went away, the body timed out, a limit) the file
   * is closed and removed before the error is passed on: nothing is left behind.
   */
  async saveTemporary(stream: Readable): Promise<{ path: string; size: number }> {
    await this.ready();
    // Checked after the last wait, just before the pipe: a stream destroyed before it was read
    // (a multipart file part the body ended in, see multipart-form.ts) never ends, and Node's
    // pipeline, taking it as finished, would hold the file open and wait for good.
    if (stream.destroyed) throw new Error("the upload's stream was closed before it was read");
    const path = join(this.dir, `${randomUUID()}${temporarySuffix}`);
    const file = createWriteStream(path, { flags: "wx" });
    // The same while it is read: a stream destroyed after its end was pushed but before 'end'
    // was emitted (paused while the file pushes back, when the multipart plugin destroys the part
    // being read because the form failed) also looks finished to pipeline, which then never ends
    // the file: the file fails instead.
    const closedEarly = () => stream.readableEnded || file.destroy(new Error("the upload's stream closed before its end"));
    stream.once("close", closedEarly);
    try {
      await writing(() => pipeline(stream, file));
      return { path, size: (await stat(path)).size };
    } catch (error) {
      await this.removeFile(path);
      throw error;
    } finally {
      stream.off("close", closedEarly);
    }
  }

  /**
   * A temporary file under a stored name too (a hard link: no bytes copied); the temporary name
   * stays for its owner to remove, so a retried store can link it again.
   */
  async linkTemporary(path: string, extension: string): Promise<string> {
    const name = `${randomUUID()}.${extension}`;
    await writing(() => link(path, this.path(name)));
    return name;
  }

  /**
   * Removes temporary upload files untouched for `olderThanMs`: what a crash or a kill left
   * behind (a live upload writes to its file, and none lasts longer than UPLOAD_MAX_SECONDS).
   * Returns how many were removed.
   */
  async sweepTemporary(olderThanMs: number, now = Date.now()): Promise<number> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith(temporarySuffix)) continue;
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info || now - info.mtimeMs < olderThanMs) continue;
      await unlink(path).then(
        () => removed++,
        () => undefined,
      );
    }
    return removed;
  }

  /** Gives a temporary file its final name (no-clobber: link, then unlink the temporary one). */
  async keepTemporary(path: string, extension: string): Promise<string> {
    const name = `${randomUUID()}.${extension}`;
    await writing(() => link(path, this.path(name)));
    await unlink(path);
    return name;
  }

  /**
   * The same file under a new name (a hard link: no bytes copied). A forwarded copy gets its own
   * name because each name belongs to one message, whose ticket decides who may fetch it.
   */
  async linkCopy(name: string): Promise<string> {
    const extension = name.includes(".") ? name.slice(name.lastIndexOf(".")) : "";
    const copy = `${randomUUID()}${extension}`;
    await writing(() => link(this.path(name), this.path(copy)));
    return copy;
  }

  async removeFile(path: string): Promise<void> {
    await unlink(path).catch(() => undefined);
  }

  async remove(name: string): Promise<void> {
    await this.removeFile(this.path(name));
  }
}
