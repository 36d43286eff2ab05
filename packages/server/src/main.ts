import { ConfigError, loadConfig } from "./config.js";
import { openAppDatabase } from "./db/app-database.js";
import { DatabaseStartError } from "./db/embedded/errors.js";
import { markPgliteInUse } from "./db/pglite-lock.js";

/** What a shutdown closes, in reverse order of opening: jobs, then the HTTP server, then the database. */
const closers: (() => Promise<unknown>)[] = [];

async function shutdown(): Promise<void> {
  for (const close of closers.reverse()) await close().catch((error: unknown) => console.error(error));
  process.exit(0);
}

/**
 * The server's modules (routes, channels and their libraries: the largest part of a start's
 * work), loaded while the database starts, which is another process's work: two waits in one.
 */
async function loadServer() {
  const [{ buildApp }, { bootstrap }] = await Promise.all([import("./app.js"), import("./bootstrap.js")]);
  return { buildApp, bootstrap };
}

async function main(): Promise<void> {
  const config = loadConfig();
  // From the start: a signal during the first start (initdb, an import) still stops the embedded server.
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
  // Each long step says what it is doing: a start printed nothing for many seconds (issue 28).
  console.log("Loading the server…");
  const loading = loadServer();
  loading.catch(() => undefined); // awaited below; a database failure first must not make it "unhandled"
  const database = await openAppDatabase(config, {
    report: (line) => console.log(line),
    steps: (line) => console.log(line),
    // A crash of the embedded server is restarted by Atendo (server-watchdog.ts); one stopped cleanly
    // by someone else was meant to stop: Atendo stops with it, for a supervisor to decide.
    onEmbeddedExit: (reason) => {
      console.error(`The embedded PostgreSQL was stopped by someone else (${reason}): Atendo stops.`);
      process.exit(1);
    },
    alert: (line) => console.error(line),
  });
  closers.push(() => database.close());
  if (database.kind === "pglite") {
    // The PGlite fallback: the admin command refuses to open the folder while this mark is there (db/pglite-lock.ts).
    const release = markPgliteInUse(config.PGLITE_DIR);
    closers.push(async () => release());
  }
  const { buildApp, bootstrap } = await loading;
  console.log("Preparing the routes, the live updates and the jobs…");
  const { app, ctx, jobs } = await buildApp({ config, database });
  // Jobs first: a run in progress finishes its writes while the database is still open.
  closers.push(() => app.close(), () => jobs.stop());
  const seeded = await bootstrap(ctx);
  if (seeded.generatedPassword) {
    // Printed once, on the start that created the admin; never stored in clear.
    console.log(`\nFirst admin created: ${config.ADMIN_EMAIL} / ${seeded.generatedPassword}`);
    console.log(`Lost it? Run: npm run admin -- reset-password ${config.ADMIN_EMAIL}\n`);
  }
  if (config.SMTP_URL && !config.PUBLIC_URL) {
    app.log.warn("SMTP_URL is set but PUBLIC_URL is not: \"Forgot password?\" stays off (its e-mail needs the address users reach Atendo at).");
  }
  if (seeded.createdDemo) {
    console.log("Demo API connection created: write as a customer in Connections → Demo (API) → Simulator.");
  }
  // A library's stray rejection (a channel's socket, say) is logged; it must not stop every other connection.
  process.on("unhandledRejection", (reason) => app.log.error({ err: reason }, "unhandled rejection"));

  await app.listen({ port: config.PORT, host: config.HOST });
  // PORT=0 picks a free port; the line below names the one actually bound (the test harness reads it).
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  console.log("Starting the connections…");
  await ctx.channels.startAll();
  // After the drivers: the recovery sweep's first run sends what a crash left unsent on the connections now running here.
  jobs.start();
  console.log(`Atendo is running on http://localhost:${port} (database: ${database.label})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DatabaseStartError ? error.message : error);
  process.exit(1);
});
