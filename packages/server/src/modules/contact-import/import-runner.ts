import type { ContactImportTemplateType, Language } from "@atendo/contracts";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../core/app-error.js";
import { AppSlot } from "../../core/app-slots.js";
import type { CsvRow } from "../../core/csv.js";
import type { Database, Db } from "../../db/client.js";
import { contactImports } from "../../db/schema/index.js";
import type { DomainEvents } from "../../events/event-bus.js";
import { announceImport, endImport, failOrphanedImports, type ContactImportRow } from "./contact-import.repo.js";
import { writeBatch } from "./import-batch.js";
import { importLockFor, type HeldImportLock, type ImportLock } from "./import-lock.js";
import type { RowPlanner } from "./import-plan.js";

export interface ContactImportOptions {
  /** Rows per transaction; default 500. */
  batchSize?: number;
  /** Least time between two progress events of one import; default 250 ms. */
  progressIntervalMs?: number;
  /** Tests: awaited before each batch is written, to hold an import part-way (`stop`: the server is stopping). */
  beforeBatch?: (batch: number, stop: AbortSignal) => Promise<void>;
}

export interface ImportRequest {
  userId: number;
  templateType: ContactImportTemplateType;
  language: Language;
  fileName: string;
  headers: string[];
  rows: CsvRow[];
  plan: RowPlanner;
}

interface Running {
  stop: AbortController;
  done: Promise<void>;
  /** Its end is being written: whoever sees it ended may start the next one, which waits for `done`. */
  ending: boolean;
}

/** Where an app keeps its runner (AppContext.slots, set by app.ts): only this module starts imports. */
export const contactImportsSlot = new AppSlot<ContactImportRunner>("contact import runner");

/**
 * Runs this process's contact import in the background, one at a time per install: the import
 * lock (import-lock.ts) tells processes apart, the partial unique index on running imports is
 * the last word. A run writes in batches, tells admins its progress a few times a second and
 * its end once; stopping the server ends it after the batch being written, as failed
 * (ERR_IMPORT_INTERRUPTED): a new import of the file completes it, what is stored counting as repeated.
 */
export class ContactImportRunner {
  private running: Running | null = null;
  private stopped = false;
  private readonly lock: ImportLock;

  constructor(
    private readonly deps: { database: Database; log: FastifyBaseLogger; events: DomainEvents },
    private readonly options: ContactImportOptions = {},
  ) {
    this.lock = importLockFor(deps.database);
  }

  private get db(): Db {
    return this.deps.database.db;
  }

  /** Whether an import of this process is starting or running. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Records the import and starts it; 409 ERR_IMPORT_RUNNING when one runs here or in another process. */
  async start(request: ImportRequest): Promise<ContactImportRow> {
    // Shown ended (the screen or GET ongoing read it) but the lock not yet released: not "running".
    if (this.running?.ending) await this.running.done;
    if (this.running || this.stopped) throw new AppError("ERR_IMPORT_RUNNING");
    // Taken at once, before any await: two requests to this process cannot both go on. `done`
    // covers the start too, so a stop during it waits for it.
    let settle = () => {};
    const running: Running = { stop: new AbortController(), done: new Promise<void>((resolve) => (settle = resolve)), ending: false };
    this.running = running;
    const finish = () => {
      this.running = null;
      settle();
    };
    try {
      const held = await this.lock.acquire();
      if (!held) throw new AppError("ERR_IMPORT_RUNNING");
      let row: ContactImportRow;
      try {
        row = await this.record(request);
      } catch (error) {
        await held.release();
        throw error;
      }
      void this.run(row, request, held, running).then(
        async (ended) => {
          finish();
          if (ended) await announceImport(this.deps.events, "finishedImport", ended);
        },
        // `run` settles its own failures; should one slip through, the process is still freed.
        finish,
      );
      return row;
    } catch (error) {
      finish();
      throw error;
    }
  }

  /** Holding the lock, an import still marked running is a dead process's: it is ended first. */
  private async record(request: ImportRequest): Promise<ContactImportRow> {
    for (const orphan of await failOrphanedImports(this.db, true)) await announceImport(this.deps.events, "finishedImport", orphan);
    const [row] = await this.db
      .insert(contactImports)
      .values({
        templateType: request.templateType,
        language: request.language,
        fileName: request.fileName,
        headers: request.headers,
        totalCount: request.rows.length,
        userId: request.userId,
      })
      .returning();
    if (!row) throw new AppError("ERR_INTERNAL");
    await announceImport(this.deps.events, "progressEvent", row);
    return row;
  }

  /**
   * Writes the batches; answers the import as it ended (undefined if another process ended it).
   * The end is announced by the caller once this process is free again: an admin who starts the
   * next import on hearing `finishedImport` must not be told one still runs.
   */
  private async run(row: ContactImportRow, { rows, plan }: ImportRequest, held: HeldImportLock, running: Running): Promise<ContactImportRow | undefined> {
    const { batchSize = 500, progressIntervalMs = 250, beforeBatch } = this.options;
    const stop = running.stop.signal;
    const end = (error: "ERR_IMPORT_INTERRUPTED" | "ERR_INTERNAL" | null) => {
      running.ending = true;
      return endImport(this.db, row.id, error);
    };
    let announcedAt = Date.now();
    try {
      for (let start = 0, batch = 0; start < rows.length; start += batchSize, batch++) {
        await beforeBatch?.(batch, stop);
        if (stop.aborted || held.lost.aborted) return await end("ERR_IMPORT_INTERRUPTED");
        const written = await writeBatch(this.db, row.id, rows.slice(start, start + batchSize).map(plan));
        // Declared failed by another process (this one lost its lock): nothing more is written.
        if (!written) return undefined;
        const last = start + batchSize >= rows.length;
        if (!last && Date.now() - announcedAt >= progressIntervalMs) {
          announcedAt = Date.now();
          await announceImport(this.deps.events, "progressEvent", written);
        }
      }
      return await end(null);
    } catch (error) {
      this.deps.log.error({ err: error, importId: row.id }, "contact import failed");
      return await end("ERR_INTERNAL").catch(() => undefined);
    } finally {
      await held.release();
    }
  }

  /** No import starts any more; the running one ends after its current batch (failed, interrupted). */
  async stop(): Promise<void> {
    this.stopped = true;
    const running = this.running;
    running?.stop.abort();
    await running?.done;
  }
}
