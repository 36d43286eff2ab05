import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { chunkGroups } from "./build/chunk-groups";
import { contractsWithoutSideEffects } from "./build/contracts-plugin";
import { errorTextsPerLanguage } from "./build/error-texts-plugin";
import { localePartsPerChunk } from "./build/locale-parts-plugin";
import { precompressOutput } from "./build/precompress-plugin";
import { serviceWorker } from "./build/service-worker-plugin";

const apiTarget = "http://localhost:8080";

export default defineConfig({
  // precompressOutput last: it compresses what the others wrote.
  plugins: [react(), contractsWithoutSideEffects(), errorTextsPerLanguage(), localePartsPerChunk(), serviceWorker(), precompressOutput()],
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/socket.io": { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true },
      "/socket.io": { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Maps are written for debugging but not referenced from the bundles; the server never serves them.
    sourcemap: "hidden",
    // Read by scripts/web-budgets.ts to add up what each route downloads.
    manifest: true,
    // The default splitting gives each route only the modules it uses (docs/decisions/0043-web-
    // delivery.md), but in dozens of small files; two groups gather what every page needs.
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
});
