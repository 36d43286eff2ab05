import { loadConfig } from "../../config.js";
import { answerUsage, runCommand } from "../../core/command-line.js";
import { parseImportArgs, usage } from "./args.js";
import { openImportTarget } from "./open-target.js";
import { runImport } from "./run-import.js";
import { openSource } from "./source/open-source.js";
import { assertWhaticketTables } from "./source/source.js";

// Entry of `npm run import:whaticket -- --from <url>` (root package.json).
async function main(): Promise<number> {
  const command = parseImportArgs(process.argv.slice(2));
  if (command.name !== "import") return answerUsage(command, usage);
  const config = loadConfig();
  const source = await openSource(command.from);
  try {
    await assertWhaticketTables(source);
    const database = await openImportTarget(config, (line) => console.error(line));
    try {
      const started = Date.now();
      const result = await runImport({
        source,
        targetUrl: database.url!,
        dryRun: command.dryRun,
        batchSize: command.batchSize,
        mediaFrom: command.media,
        mediaDir: config.MEDIA_DIR,
        progressOut: process.stderr,
      });
      console.log(`${command.dryRun ? "Dry run of" : "Imported"} ${result.fingerprint} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      for (const line of result.report.lines(command.dryRun)) console.log(line);
      if (command.dryRun) console.log("Dry run: nothing was written.");
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await source.close();
  }
}

// Every failure of an import (source, target, configuration) is told by its message.
runCommand(main, (error) => error instanceof Error);
