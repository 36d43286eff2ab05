import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/**
 * widget.js, the website chat widget (src/widget/, decision 0090): one self-contained file (an
 * IIFE: no modules, no chunks, no CSS file) written beside the web app's build in dist/, served by
 * the server at /widget.js. Built after the app (`npm run build`), never emptying dist/.
 */
const outDir = "dist";
const fileName = "widget.js";

/** Its brotli and gzip twins, as the app's own files get (build/precompress-plugin.ts), for this one file. */
function precompressWidget(): Plugin {
  return {
    name: "atendo-precompress-widget",
    apply: "build",
    async closeBundle() {
      const path = join(outDir, fileName);
      const source = await readFile(path);
      const [br, gz] = await Promise.all([
        promisify(brotliCompress)(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        promisify(gzip)(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
    },
  };
}

export default defineConfig({
  plugins: [precompressWidget()],
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: false,
    sourcemap: "hidden",
    copyPublicDir: false,
    lib: { entry: "src/widget/main.ts", formats: ["iife"], name: "AtendoWidget", fileName: () => fileName },
  },
});
