import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { QueryState } from "./query-state";

interface DialogQueryStateProps {
  error: unknown;
  onRetry: () => void;
  onClose: () => void;
}

/** A dialog's body while its record loads. */
export function DialogSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "grid", placeItems: "center", p: 4 }}>
      <CircularProgress aria-label={t("common.loading")} />
    </Box>
  );
}

/** Inside an edit dialog: the spinner while its record loads, or the error with retry and cancel. */
export function DialogQueryState({ error, onRetry, onClose }: DialogQueryStateProps) {
  const { t } = useTranslation();
  if (!error) return <DialogSpinner />;
  return (
    <>
      <DialogContent dividers>
        <QueryState isPending={false} error={error} onRetry={onRetry} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
      </DialogActions>
    </>
  );
}

interface DialogRecordProps<T> {
  /** The record's query, fetched again for the form (see forEditForm). */
  query: { data: T | undefined; error: unknown; isFetchedAfterMount: boolean; refetch: () => unknown };
  onClose: () => void;
  /** The form, given the fresh record. */
  children: (record: T) => ReactNode;
}

/** An edit dialog's body: waits for a fresh copy of its record, since the form reads its defaults once. */
export function DialogRecord<T>({ query, onClose, children }: DialogRecordProps<T>) {
  if (query.error || !query.data || !query.isFetchedAfterMount) {
    return <DialogQueryState error={query.error} onRetry={() => void query.refetch()} onClose={onClose} />;
  }
  return children(query.data);
}
