import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a file gains less than the extra round of headers and disk reads costs. */
const minBytes = 512;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes(`${join(folder, ".vite")}`));
}

/** Writes `path.br` and `path.gz` beside the file, each only when smaller than the file. */
async function precompress(path: string): Promise<void> {
  const source = await readFile(path);
  if (source.length < minBytes) return;
  const [br, gz] = await Promise.all([
    brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([br.length < source.length && writeFile(`${path}.br`, br), gz.length < source.length && writeFile(`${path}.gz`, gz)]);
}

/**
 * Brotli and gzip twins of the built text files (docs/decisions/0043-web-delivery.md), served by the
 * server's static files when the browser accepts them: compressed once at the highest levels here
 * instead of on every request. Runs when the whole output (service worker included) is written.
 */
export function precompressOutput(): Plugin {
  let outDir = "";
  return {
    name: "atendo:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/") ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        await Promise.all((await filesUnder(outDir)).map(precompress));
      },
    },
  };
}
