// `npm start`: builds the web app when its build is missing or older than its sources, then
// starts the server (migrations run at start-up).
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
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "@atendo/web"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawnSync("npx", ["tsx", "packages/server/src/main.ts"], { stdio: "inherit" });
process.exit(server.status ?? 0);
