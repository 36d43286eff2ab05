import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Plugin, Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Files of public/ every install needs offline and to be installable (manifest, icons, logo). */
const publicShellFiles = ["/manifest.webmanifest", "/logo.svg", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/icon-maskable-512.png", "/icons/badge-96.png"];

const template = readFileSync(new URL("./service-worker.template.js", import.meta.url), "utf8");

/** The entry chunks and what they import statically, with their CSS: what the first paint needs. */
function entryFiles(bundle: OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== "chunk" || files.has(fileName)) return;
    files.add(fileName);
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
    for (const file of css ?? []) files.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const output of Object.values(bundle)) if (output.type === "chunk" && output.isEntry) visit(output.fileName);
  return [...files].sort();
}

/**
 * Writes dist/sw.js (docs/decisions/0042): the service worker template with this build's app
 * shell and a version that changes whenever the shell does, so browsers see a new worker (and
 * the app offers "Reload") exactly when there is something new.
 */
export function serviceWorker(): Plugin {
  return {
    name: "atendo:service-worker",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      const shell = ["/index.html", ...entryFiles(bundle).map((file) => `/${file}`), ...publicShellFiles];
      const version = createHash("sha256")
        .update(shell.join("\n"))
        .update(html?.type === "asset" ? html.source : "")
        .update(template)
        .digest("hex")
        .slice(0, 16);
      const source = template.replace('"__VERSION__"', JSON.stringify(version)).replace("= __PRECACHE__;", `= ${JSON.stringify(shell)};`);
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}
