import { parseArgs } from "node:util";

export const usage = `Imports a Whaticket install's data into Atendo's database.

Usage: npm run import:whaticket -- --from <WHATICKET_DATABASE_URL> [options]

  --from <url>        The Whaticket database: postgres://user:pass@host:5432/db or
                      mysql://user:pass@host:3306/db (MariaDB too). Only read.
  --media <folder>    Whaticket's backend public/ folder, to copy message media from.
                      Without it every media file is counted missing (messages are kept).
  --dry-run           Print what would be imported and what would be skipped, and why;
                      write nothing.
  --batch-size <n>    Rows per committed batch (default 10000).
  -h, --help          This text.

Atendo's database is the one npm start uses: DATABASE_URL, or else the embedded PostgreSQL
in EMBEDDED_POSTGRES_DIR (run it from the folder where you run npm start). MEDIA_DIR is where
media are copied. Running it again imports nothing new; an interrupted run continues where
it stopped. See docs/compatibility.md.`;

export type ImportCommand =
  | { name: "help" }
  | { name: "usage-error"; message: string }
  | { name: "import"; from: string; media?: string; dryRun: boolean; batchSize: number };

export function parseImportArgs(argv: string[]): ImportCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        from: { type: "string" },
        media: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        "batch-size": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { name: "usage-error", message: (error as Error).message };
  }
  if (values.help) return { name: "help" };
  if (!values.from) return { name: "usage-error", message: "--from <WHATICKET_DATABASE_URL> is required" };
  const batchSize = values["batch-size"] === undefined ? 10_000 : Number(values["batch-size"]);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) return { name: "usage-error", message: "--batch-size must be a whole number from 1 to 100000" };
  return { name: "import", from: values.from, media: values.media, dryRun: values["dry-run"], batchSize };
}
