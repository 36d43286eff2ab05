import pg from "pg";
import type { ImportOptions } from "./context.js";
import { sourceFingerprint } from "./fingerprint.js";
import { Progress } from "./progress.js";
import { ImportReport } from "./report.js";
import type { WhaticketSource } from "./source/source.js";
import { createStagingTables } from "./staging.js";
import { importConnections } from "./steps/connections.js";
import { importContactFields, importContacts } from "./steps/contacts.js";
import { importConnectionQueues, importUserQueues } from "./steps/links.js";
import { importMessages } from "./steps/messages.js";
import { importQueues } from "./steps/queues.js";
import { importQuickAnswers, importSettings } from "./steps/quick-answers.js";
import { importTickets } from "./steps/tickets.js";
import { importUsers } from "./steps/users.js";

export interface ImportRun extends ImportOptions {
  source: WhaticketSource;
  /** Atendo's database (migrated), as a PostgreSQL URL. */
  targetUrl: string;
  /** Where the progress bar goes (stderr on the console). */
  progressOut: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface ImportResult {
  fingerprint: string;
  report: ImportReport;
}

/** The whole import, in dependency order: each step maps its rows through the ones before it. */
export async function runImport(run: ImportRun): Promise<ImportResult> {
  const target = new pg.Client({ connectionString: run.targetUrl });
  await target.connect();
  try {
    await createStagingTables(target);
    const { rows } = await target.query<{ now: string }>("select now()::text as now");
    const ctx = {
      ...run,
      target,
      fingerprint: await sourceFingerprint(run.source),
      report: new ImportReport(),
      progress: new Progress(run.progressOut as never),
      runStartedAt: rows[0]!.now,
    };
    if (run.dryRun) await target.query("begin");
    try {
      await importConnections(ctx);
      await importQueues(ctx);
      await importConnectionQueues(ctx);
      await importUsers(ctx);
      await importUserQueues(ctx);
      await importContacts(ctx);
      await importContactFields(ctx);
      await importTickets(ctx);
      await importMessages(ctx);
      await importQuickAnswers(ctx);
      await importSettings(ctx);
      return { fingerprint: ctx.fingerprint, report: ctx.report };
    } finally {
      if (run.dryRun) await target.query("rollback").catch(() => undefined);
    }
  } finally {
    await target.end();
  }
}
