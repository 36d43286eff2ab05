import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { forEditForm } from "../lib/query-presets";
import { DialogForm } from "./dialog-form";
import { DialogRecord } from "./dialog-query-state";
import { DialogSubmitActions } from "./dialog-submit-actions";
import { ResponsiveDialog } from "./responsive-dialog";
import type { StackedFormProps } from "./stacked-form";

interface EntityDialogProps<T, K extends QueryKey> {
  open: boolean;
  onClose: () => void;
  /** After the closing transition (a dialog on a route of its own goes back to the list). */
  onExited?: () => void;
  /** The i18n namespace of the kind's texts: the title is `<texts>.newTitle` or `<texts>.editTitle`. */
  texts: string;
  /** The record being edited; null for a new one. */
  id: number | null;
  /** Its query, fetched again for the form (which reads its defaults once); without it the form has the record already. */
  recordQuery?: (id: number) => UseQueryOptions<T, Error, T, K>;
  /** The form stays while the dialog fades out: on a route of its own it leaves with the route. */
  keepWhileClosed?: boolean;
  /** The form, given the fresh record (undefined for a new one, or without `recordQuery`). */
  children: (record: T | undefined) => ReactNode;
}

/**
 * The add/edit dialog of a record kind (quick answers, contacts, users): its title, and the form,
 * mounted afresh for each record it opens on.
 */
export function EntityDialog<T, K extends QueryKey>({ open, onClose, onExited, texts, id, recordQuery, keepWhileClosed, children }: EntityDialogProps<T, K>) {
  const { t } = useTranslation();
  const form =
    id !== null && recordQuery ? (
      <FreshRecord key={id} id={id} recordQuery={recordQuery} onClose={onClose}>
        {children}
      </FreshRecord>
    ) : (
      <Fragment key={id ?? "new"}>{children(undefined)}</Fragment>
    );
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={t(`${texts}.${id === null ? "newTitle" : "editTitle"}`)} onExited={onExited}>
      {(open || keepWhileClosed) && form}
    </ResponsiveDialog>
  );
}

interface FreshRecordProps<T, K extends QueryKey> {
  id: number;
  recordQuery: (id: number) => UseQueryOptions<T, Error, T, K>;
  onClose: () => void;
  children: (record: T) => ReactNode;
}

function FreshRecord<T, K extends QueryKey>({ id, recordQuery, onClose, children }: FreshRecordProps<T, K>) {
  const query = useQuery({ ...recordQuery(id), ...forEditForm });
  return (
    <DialogRecord query={query} onClose={onClose}>
      {children}
    </DialogRecord>
  );
}

interface EntityDialogFormProps extends StackedFormProps {
  onCancel: () => void;
  /** The submit button's text (Save by default) and colour. */
  submitLabel?: string;
  color?: "primary" | "warning";
  /** Cancel waits for the request as well. */
  lockCancelWhilePending?: boolean;
}

/** The form of an {@link EntityDialog}: the fields, stacked and scrolling on their own, then Cancel and Save. */
export function EntityDialogForm({ onSubmit, onCancel, pending, submitLabel, color, lockCancelWhilePending, children }: EntityDialogFormProps) {
  const { t } = useTranslation();
  return (
    <DialogForm onSubmit={onSubmit}>
      <DialogContent dividers>
        <Stack spacing={2}>{children}</Stack>
      </DialogContent>
      <DialogSubmitActions
        label={submitLabel ?? t("common.save")}
        onCancel={onCancel}
        pending={pending}
        color={color}
        lockCancelWhilePending={lockCancelWhilePending}
      />
    </DialogForm>
  );
}
