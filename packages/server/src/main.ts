import { buildApp } from "./app.js";
import { bootstrap } from "./bootstrap.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { markPgliteInUse } from "./db/pglite-lock.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  // The admin command refuses to open this PGlite folder while the mark is there (db/pglite-lock.ts).
  const releasePglite = database.kind === "pglite" ? markPgliteInUse(config.PGLITE_DIR) : () => undefined;
  await database.migrate();
  const { app, ctx, jobs } = await buildApp({ config, database });
  const seeded = await bootstrap(ctx);
  if (seeded.generatedPassword) {
    // Printed once, on the start that created the admin; never stored in clear.
    console.log(`\nFirst admin created: ${config.ADMIN_EMAIL} / ${seeded.generatedPassword}`);
    console.log(`Lost it? Run: npm run admin -- reset-password ${config.ADMIN_EMAIL} (with the built-in database, stop the server first)\n`);
  }
  if (config.SMTP_URL && !config.PUBLIC_URL) {
    app.log.warn("SMTP_URL is set but PUBLIC_URL is not: \"Forgot password?\" stays off (its e-mail needs the address users reach Atendo at).");
  }
  if (seeded.createdDemo) {
    console.log("Demo API connection created: write as a customer in Connections → Demo (API) → Simulator.");
  }
  // A library's stray rejection (a channel's socket, say) is logged; it must not stop every other connection.
  process.on("unhandledRejection", (reason) => app.log.error({ err: reason }, "unhandled rejection"));

  const shutdown = async () => {
    // Jobs first: a run in progress finishes its writes while the database is still open.
    await jobs.stop();
    await app.close();
    await database.close();
    releasePglite();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());

  await app.listen({ port: config.PORT, host: config.HOST });
  // PORT=0 picks a free port; the line below names the one actually bound (the test harness reads it).
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  await ctx.channels.startAll();
  // After the drivers: the recovery sweep's first run sends what a crash left unsent on the connections now running here.
  jobs.start();
  console.log(`Atendo is running on http://localhost:${port} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
