import { useState } from "react";
import { useCanImport, useLatestImport } from "../hooks/use-contact-import";
import { useContactImportLive } from "../hooks/use-contact-import-live";
import { importRunning } from "../lib/import-state";
import { ImportButton } from "./import-button";
import { ImportDialog } from "./import-dialog";

/**
 * Contact import on the contacts page (admins only, spec §6 contacts-page:importContacts): the
 * button, its dialog, and the live progress of whichever admin's import runs. `onImported` runs
 * when an import ends (the page fetches its list again).
 */
export function ImportContacts({ onImported }: { onImported: () => void }) {
  const [open, setOpen] = useState(false);
  const canImport = useCanImport();
  const latest = useLatestImport();
  useContactImportLive(latest.data, onImported);
  const running = importRunning(canImport.data, latest.data);
  return (
    <>
      <ImportButton running={running} latest={latest.data} onClick={() => setOpen(true)} />
      <ImportDialog open={open} onClose={() => setOpen(false)} latest={latest.data} running={running} />
    </>
  );
}
