import type pg from "pg";
import type { Progress } from "./progress.js";
import type { ImportReport } from "./report.js";
import type { WhaticketSource } from "./source/source.js";

export interface ImportOptions {
  /** Prints what would be imported and skipped; everything runs in one transaction rolled back. */
  dryRun: boolean;
  batchSize: number;
  /** Whaticket's backend `public/` folder, where its media files are; none: media counted missing. */
  mediaFrom?: string;
  /** Atendo's MEDIA_DIR, where copied media go. */
  mediaDir: string;
  /** Called after each committed batch (tests interrupt a run here, as a kill would). */
  afterBatch?: (table: string, batch: number) => void;
}

export interface ImportContext extends ImportOptions {
  source: WhaticketSource;
  /** One dedicated session on Atendo's database: its transactions and COPY. */
  target: pg.Client;
  /** Identifies the source install in import_mappings (source.ts fingerprint). */
  fingerprint: string;
  report: ImportReport;
  progress: Progress;
  /** The target's clock when the run began: mapping rows written since belong to this run. */
  runStartedAt: string;
}
