import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressOutput } from "./build/precompress-plugin";
import { serviceWorker } from "./build/service-worker-plugin";

const apiTarget = "http://localhost:8080";

export default defineConfig({
  // precompressOutput last: it compresses what the others wrote.
  plugins: [react(), serviceWorker(), precompressOutput()],
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
    // No vendor chunk groups: the default splitting gives each route only the modules it uses
    // (docs/decisions/0043-web-delivery.md), which the budgets value over long-lived vendor chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // One exception: zod-config must run before any contract schema is built (it turns off
            // zod's eval probe, refused by the CSP), so it shares a chunk with zod and the contracts,
            // where modules run in import order. Split apart, the shared chunk ran first.
            { name: "schemas", test: /src[\\/]lib[\\/]zod-config\.ts$|node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]/ },
          ],
        },
      },
    },
  },
});
