/** What a backup archive says about itself: `atendo-backup.json`, its first file (docs/decisions/0096). */
export interface BackupManifest {
  format: "atendo-backup";
  version: 1;
  createdAt: string;
  appVersion: string;
  /** The newest migration applied to the database backed up (its journal tag and time). */
  migration: { tag: string; when: number };
  /** Each table's rows: `db/<name>.copy`, in COPY's text format, with these columns. */
  tables: { name: string; columns: string[]; file: string }[];
  /** Each sequence's position, read in the same snapshot (setval on restore). */
  sequences: { name: string; value: number; called: boolean }[];
  /** Files of MEDIA_DIR, under `media/` in the archive. */
  media: { files: number; bytes: number };
}

export const manifestName = "atendo-backup.json";
export const mediaPrefix = "media/";

/** A failure the operator can act on (wrong file, non-empty target): printed as one line. */
export class BackupError extends Error {}
