import type { ContactImport, ContactsImportsEvent } from "@atendo/contracts";

/**
 * The import after a `ContactsImports` event: the event's counts on its record. An event about an
 * older import, or progress arriving after the end, changes nothing (the cache may already hold a
 * newer answer of GET ongoing).
 */
export function applyImportEvent(current: ContactImport | null, event: ContactsImportsEvent): ContactImport | null {
  if (current && event.import.id < current.id) return current;
  if (current && event.import.id === current.id && current.status !== "running" && event.action === "progressEvent") return current;
  const { progress, totalCount, successCount, failedCount, repeatedCount } = event;
  // The end is the end, whatever status the record sent with it still says.
  const status = event.action === "finishedImport" && event.import.status === "running" ? "finished" : event.import.status;
  return {
    ...event.import,
    status,
    progress: status === "finished" ? 100 : progress,
    totalCount,
    successCount,
    failedCount,
    repeatedCount,
  };
}

/**
 * The latest import once the server answered about `incoming` (POST's answer): the cache keeps
 * what it has when it is newer, or the same import further on (its events may outrun the answer).
 */
export function latestOf(current: ContactImport | null, incoming: ContactImport): ContactImport {
  if (!current || current.id < incoming.id) return incoming;
  if (current.id > incoming.id) return current;
  const further = current.status !== "running" || current.progress > incoming.progress;
  return further && incoming.status === "running" ? current : incoming;
}

/** Whether a new import must wait: the server says so, or the latest import is still running. */
export function importRunning(canImport: boolean | undefined, latest: ContactImport | null | undefined): boolean {
  return canImport === false || latest?.status === "running";
}

/** The progress bar's value: 0 to 100, whole. */
export function progressPercent(contactImport: Pick<ContactImport, "progress">): number {
  return Math.max(0, Math.min(100, Math.round(contactImport.progress)));
}
