import type { ContactImport } from "@atendo/contracts";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { ImportForm } from "./import-form";
import { ImportProgress } from "./import-progress";

interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The running or latest import (GET ongoing, kept current by events). */
  latest: ContactImport | null | undefined;
  /** A new import must wait (can-import is false). */
  running: boolean;
}

/**
 * The import dialog: the form, then, from the moment an import is sent (or found running), its
 * live progress and at the end its summary, until "Import another file" or the dialog closes.
 */
export function ImportDialog({ open, onClose, latest, running }: ImportDialogProps) {
  const { t } = useTranslation();
  const [followedId, setFollowedId] = useState<number | null>(null);
  // An import running while the dialog shows is followed to its end (reopening the page too).
  if (open && latest?.status === "running" && followedId !== latest.id) setFollowedId(latest.id);
  const followed = latest && latest.id === followedId ? latest : null;

  return (
    <ResponsiveDialog open={open} onClose={onClose} onExited={() => setFollowedId(null)} title={t("contactImport.title")}>
      {open && followed && (
        <>
          <DialogContent dividers>
            <ImportProgress contactImport={followed} />
          </DialogContent>
          <DialogActions>
            {followed.status !== "running" && <Button onClick={() => setFollowedId(null)}>{t("contactImport.importAnother")}</Button>}
            <Button variant="contained" onClick={onClose}>
              {t(followed.status === "running" ? "contactImport.close" : "contactImport.done")}
            </Button>
          </DialogActions>
        </>
      )}
      {open && !followed && (
        <ImportForm latest={latest} running={running} onStarted={(started) => setFollowedId(started.id)} onClose={onClose} />
      )}
    </ResponsiveDialog>
  );
}
