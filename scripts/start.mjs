// `npm start`: builds the web app when its build is missing or older than its sources, then
// starts the server (migrations run at start-up). Each step prints a line as it begins.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const web = "packages/web";
const built = join(web, "dist", "index.html");

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const sources = [join(web, "src"), join(web, "index.html"), join(web, "public"), "packages/contracts/src"].filter(existsSync);
const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
if (stale) {
  console.log(existsSync(built) ? "Building the web app (its sources changed since the last build)…" : "Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "@atendo/web"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log("The web app is built and up to date.");
}

// node itself with tsx's loader, not `npx tsx`: npx's lookup and tsx's own second process cost
// seconds of a start on a busy machine. The server then says what each of its steps is doing.
console.log("Starting the server…");
const server = spawnSync(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], { stdio: "inherit" });
process.exit(server.status ?? 0);
