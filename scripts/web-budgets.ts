// `npm run size`: what each route of the web app downloads, gzip bytes of JavaScript and CSS, from
// the Vite build manifest; exits non-zero when a route is over its budget (docs/decisions/0043),
// or when zod reaches the entry's static imports (its CSP setting must run first, lib/zod-config.ts).
// A route needs the entry (index.html's script and its static imports) plus, for each lazy chunk it
// renders (the shell, the page), that chunk and its static imports. Dynamic imports inside a page
// (charts, the audio encoder, the emoji picker) load on use and are not counted.
// Usage: tsx scripts/web-budgets.ts [dist folder]   (default packages/web/dist, or WEB_DIST)
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Route {
  name: string;
  /** Manifest keys of the lazy chunks the route renders, besides the entry. */
  lazy: string[];
  /** Budget of gzip bytes: of JavaScript alone, or of JavaScript and CSS together. */
  budget?: { kind: "js" | "total"; bytes: number };
}

const kB = 1000;
// What every page loads at start besides the entry: the start part of the visitor's language's
// texts (lib/locale-parts.ts; the admin pages' part loads with those pages; the error texts with the
// first error shown), English here (another language adds its own files, about the same size), and once
// signed in MUI's layout route, the shell and the socket.io client. Everything a route downloads
// without a user action counts, whether or not its first render waits for it.
const startup = ["src/lib/locale-texts/en-start.ts"];
const signedIn = [...startup, "src/app/mui-layout.tsx", "src/app/shell/app-shell.tsx", "node_modules/socket.io-client/build/esm/index.js"];
// The admin and record pages also bring the page-only texts with their code.
const withPageTexts = [...signedIn, "src/lib/locale-texts/en-pages.ts"];
const page = (feature: string, file: string) => `src/features/${feature}/components/${file}.tsx`;

// Budgets: issue 16's (docs/decisions/0043-web-delivery.md). Login 150 kB of JavaScript (the page
// is plain markup, no MUI, no zod; about 125 kB), tickets 250 kB of JavaScript and CSS, everything
// downloaded after sign-in without a user action (about 237 kB). A change that makes a route
// download more than its budget fails `npm test`.
const routes: Route[] = [
  { name: "/login", lazy: [...startup, page("auth", "login-page")], budget: { kind: "js", bytes: 150 * kB } },
  { name: "/tickets", lazy: [...signedIn, page("tickets", "tickets-page")], budget: { kind: "total", bytes: 250 * kB } },
  { name: "/chats", lazy: [...signedIn, page("chats", "chats-page")] },
  { name: "/contacts", lazy: [...withPageTexts, page("contacts", "contacts-page")] },
  { name: "/dashboard", lazy: [...withPageTexts, page("reports", "reports-page")] },
  { name: "/connections", lazy: [...withPageTexts, page("connections", "connections-page")] },
];

const dist = resolve(process.argv[2] ?? process.env.WEB_DIST ?? "packages/web/dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
const gzipCache = new Map<string, number>();

function gzipBytes(file: string): number {
  let bytes = gzipCache.get(file);
  if (bytes === undefined) {
    bytes = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, bytes);
  }
  return bytes;
}

/**
 * The manifest key of a lazy route module. A module that other chunks also reach statically (the
 * login page, re-exported by the auth barrel that the shell imports for logging out) is not an entry
 * of its own: it lands in a shared chunk keyed "_<name>-<hash>.js", named after the module's file.
 */
function chunkKey(source: string): string {
  if (manifest[source]) return source;
  // Packages are keyed by their path from the web package ("../../node_modules/…").
  const installed = Object.keys(manifest).find((key) => source.startsWith("node_modules/") && key.endsWith(source));
  if (installed) return installed;
  const name = source.replace(/\/index\.tsx?$/, "").replace(/\.tsx?$/, "").split("/").pop();
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.name === name && key.startsWith("_"));
  if (keys.length !== 1) throw new Error(`${source} is not in the build manifest: has the route's module moved?`);
  return keys[0] as string;
}

/** Adds the chunk at `key` and its static import closure to the sets of files. */
function collect(key: string, js: Set<string>, css: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const sheet of chunk.css ?? []) css.add(sheet);
  for (const imported of chunk.imports ?? []) collect(imported, js, css);
}

const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
const format = (bytes: number) => `${(bytes / kB).toFixed(1)} kB`;

let over = 0;
const rows = routes.map((route) => {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of ["index.html", ...route.lazy.map(chunkKey)]) collect(key, js, css);
  const jsBytes = sum(js);
  const cssBytes = sum(css);
  const measured = route.budget?.kind === "js" ? jsBytes : jsBytes + cssBytes;
  const fits = !route.budget || measured <= route.budget.bytes;
  if (!fits) over += 1;
  const budget = route.budget ? `${format(route.budget.bytes)} ${route.budget.kind === "js" ? "JS" : "JS+CSS"}` : "-";
  return {
    route: route.name,
    files: js.size + css.size,
    "JS gzip": format(jsBytes),
    "CSS gzip": format(cssBytes),
    budget,
    status: route.budget ? (fits ? "ok" : "OVER") : "",
  };
});

/**
 * Zod must not be among what the entry imports statically: those chunks run before the entry's
 * own code, where lib/zod-config.ts turns off zod's eval probe, and the CSP would refuse it.
 */
function zodInEntryImports(): string[] {
  const files = new Set<string>();
  collect("index.html", files, new Set());
  const entry = manifest["index.html"]?.file;
  return [...files].filter((file) => file !== entry && /\$Zod[A-Z]/.test(readFileSync(join(dist, file), "utf8")));
}

const zodTooEarly = zodInEntryImports();
if (zodTooEarly.length) console.error(`zod is in the entry's static imports (${zodTooEarly.join(", ")}): it must load lazily (lib/zod-config.ts).`);

// The website chat widget (decision 0090): one file on other sites' pages, 30 kB compressed at most (issue 32).
const widgetBudget = 30 * kB;
const widgetBytes = existsSync(join(dist, "widget.js")) ? gzipBytes("widget.js") : null;
const widgetFits = widgetBytes !== null && widgetBytes <= widgetBudget;
rows.push({
  route: "widget.js",
  files: 1,
  "JS gzip": widgetBytes === null ? "missing" : format(widgetBytes),
  "CSS gzip": "-",
  budget: `${format(widgetBudget)} JS`,
  status: widgetFits ? "ok" : "OVER",
});
if (!widgetFits) over += 1;

console.log(`Web route budgets (gzip level 9) for ${dist}`);
console.table(rows);
if (over) console.error(`${over} route(s) over budget.`);
if (over || zodTooEarly.length) process.exit(1);
