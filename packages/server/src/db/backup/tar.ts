import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, stat } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

// A small tar (POSIX ustar) writer and reader, gzip-compressed: the backup archive's format
// (docs/decisions/0096). No tar library is installed; this one needs only regular files, which
// keeps it short. Sizes past ustar's 8 GiB use the GNU base-256 form, which GNU and BSD tar read.

const BLOCK = 512;

/** One file of the archive: its name inside it, and the file on disk to copy in. */
export interface TarEntry {
  name: string;
  path: string;
  /** Left out if it is gone by the time it is read (a media file erased meanwhile). */
  mayVanish?: boolean;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

/** ustar keeps a name of up to 100 bytes, or a prefix of up to 155 and a name of up to 100 split at a slash. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  for (let i = name.indexOf("/"); i !== -1; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`a name too long for the archive: ${name}`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, "utf8");
  block.write(octal(0o644, 8), 100, 8, "ascii");
  block.write(octal(0, 8), 108, 8, "ascii");
  block.write(octal(0, 8), 116, 8, "ascii");
  if (size < 8 ** 11) block.write(octal(size, 12), 124, 12, "ascii");
  else {
    // GNU base-256: the high bit of the first byte set, the size big-endian in the rest.
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(size), 128);
  }
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, "ascii");
  block.write("        ", 148, 8, "ascii");
  block.write("0", 156, 1, "ascii");
  block.write("ustar\0", 257, 6, "ascii");
  block.write("00", 263, 2, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
  return block;
}

async function* tarStream(entries: readonly TarEntry[]): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const info = await stat(entry.path).catch((error: NodeJS.ErrnoException) => {
      if (entry.mayVanish && error.code === "ENOENT") return null;
      throw error;
    });
    if (!info) continue;
    yield header(entry.name, info.size, info.mtime);
    let written = 0;
    // Exactly the size in the header, even if the file grew meanwhile (a log, say): the archive stays readable.
    for await (const chunk of createReadStream(entry.path, { end: Math.max(0, info.size - 1) }) as AsyncIterable<Buffer>) {
      if (info.size === 0) break;
      const part = chunk.subarray(0, info.size - written);
      written += part.length;
      yield part;
    }
    if (written < info.size) throw new Error(`${entry.path} shrank while it was archived`);
    const padding = (BLOCK - (info.size % BLOCK)) % BLOCK;
    if (padding > 0) yield Buffer.alloc(padding);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes these files as a .tar.gz at `to`. */
export async function writeTarGz(to: string, entries: readonly TarEntry[]): Promise<void> {
  await pipeline(Readable.from(tarStream(entries)), createGzip(), createWriteStream(to, { flags: "wx" }));
}

function readSize(block: Buffer): number {
  if ((block[124]! & 0x80) !== 0) return Number(block.readBigUInt64BE(128));
  return parseInt(block.toString("ascii", 124, 136).replace(/\0.*$/, "").trim() || "0", 8);
}

function readName(block: Buffer): string {
  const text = (start: number, length: number) => block.toString("utf8", start, start + length).replace(/\0.*$/s, "");
  const prefix = text(345, 155);
  const base = text(0, 100);
  return prefix ? `${prefix}/${base}` : base;
}

/** A name inside the archive as a path under `dir`, or an error for one that would leave it. */
function safePath(dir: string, name: string): string {
  const relative = normalize(name);
  if (relative.startsWith("..") || relative.startsWith(sep) || relative.includes(`${sep}..${sep}`)) throw new Error(`an unsafe name in the archive: ${name}`);
  return join(dir, relative);
}

/** Extracts a .tar.gz's regular files under `dir` (folders created as needed); returns their names. */
export async function extractTarGz(from: string, dir: string): Promise<string[]> {
  const names: string[] = [];
  let buffered: Buffer = Buffer.alloc(0);
  /** The file being written, and how many of its bytes are still to come (then its padding). */
  let current: { file: Awaited<ReturnType<typeof open>> | null; left: number; padding: number } | null = null;
  let ended = false;
  for await (const chunk of createReadStream(from).pipe(createGunzip()) as AsyncIterable<Buffer>) {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    while (!ended) {
      if (current) {
        const take = Math.min(current.left, buffered.length);
        if (take > 0) {
          await current.file?.write(buffered.subarray(0, take));
          buffered = buffered.subarray(take);
          current.left -= take;
        }
        if (current.left > 0) break;
        if (buffered.length < current.padding) break;
        buffered = buffered.subarray(current.padding);
        await current.file?.close();
        current = null;
        continue;
      }
      if (buffered.length < BLOCK) break;
      const block = buffered.subarray(0, BLOCK);
      buffered = buffered.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const size = readSize(block);
      const type = String.fromCharCode(block[156]!);
      const regular = type === "0" || type === "\0";
      let file = null;
      if (regular) {
        const name = readName(block);
        const path = safePath(dir, name);
        await mkdir(dirname(path), { recursive: true });
        file = await open(path, "wx");
        names.push(name);
      }
      current = { file, left: size, padding: (BLOCK - (size % BLOCK)) % BLOCK };
    }
  }
  if (current) {
    await current.file?.close();
    throw new Error("the archive ends in the middle of a file (cut short?)");
  }
  if (!ended) throw new Error("the archive has no end marker (cut short?)");
  return names;
}
