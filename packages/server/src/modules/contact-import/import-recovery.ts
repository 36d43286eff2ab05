import type { AppContext } from "../../context.js";
import { announceImport, failOrphanedImports } from "./contact-import.repo.js";
import { contactImportsSlot } from "./import-runner.js";

/**
 * The `contact-import-recovery` job (at start-up, then every few seconds): an import left
 * running by a process that died — its lock went with it — is declared failed with
 * ERR_IMPORT_INTERRUPTED and admins are told, instead of showing "running" for ever.
 */
export async function recoverOrphanedImports(ctx: AppContext): Promise<number> {
  // This process's own import is alive by definition (and on PGlite the lock cannot tell).
  if (ctx.slots.get(contactImportsSlot).busy) return 0;
  const ended = await failOrphanedImports(ctx.db, false);
  for (const row of ended) {
    ctx.log.warn({ importId: row.id }, "contact import left running by a stopped process: marked failed");
    await announceImport(ctx.events, "finishedImport", row);
  }
  return ended.length;
}
