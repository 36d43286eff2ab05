import type { ContactImport } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { isApiError, type ApiError } from "../../../lib/http";
import { startImport } from "../api/contact-import.api";
import { canImportQueryOptions, ongoingImportQueryOptions } from "../api/contact-import.queries";
import { latestOf } from "../lib/import-state";

/**
 * Refusals the import dialog shows itself, beside the form (spec §8: an invalid CSV shows a hint),
 * instead of the global toast.
 */
export const fileRefusals = [
  "ERR_INVALID_CSV_TEMPLATE",
  "ERR_EMPTY_CSV",
  "ERR_INVALID_ATENDO_CSV",
  "ERR_INVALID_GOOGLE_CSV",
  "FILE_NOT_SUPPORTED",
  "ERR_PAYLOAD_TOO_LARGE",
] as const;

const shownByDialog: readonly string[] = [...fileRefusals, "ERR_IMPORT_RUNNING"];

/** A refusal the dialog shows itself (any other error is the global toast's). */
export function isDialogRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.code !== null && shownByDialog.includes(error.code);
}

/** False while another import runs (one at a time per install). */
export function useCanImport() {
  return useQuery(canImportQueryOptions);
}

/** The running import, else the latest one, else null. */
export function useLatestImport() {
  return useQuery(ongoingImportQueryOptions);
}

/**
 * Puts `contactImport` in the cache as the latest import (unless the cache knows better, see
 * {@link latestOf}), and whether a new one may start.
 */
export function storeLatestImport(queryClient: QueryClient, contactImport: ContactImport): void {
  const current = queryClient.getQueryData(ongoingImportQueryOptions.queryKey)?.import ?? null;
  const latest = latestOf(current, contactImport);
  queryClient.setQueryData(ongoingImportQueryOptions.queryKey, { import: latest });
  queryClient.setQueryData(canImportQueryOptions.queryKey, { canImport: latest.status !== "running" });
}

/** POST /contact-import: the new import becomes the latest at once, before its first event. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (contactImport) => storeLatestImport(queryClient, contactImport),
    onError: (error) => {
      // Another admin's import started first: show it.
      if (isApiError(error, "ERR_IMPORT_RUNNING")) {
        void queryClient.invalidateQueries({ queryKey: ongoingImportQueryOptions.queryKey });
        void queryClient.invalidateQueries({ queryKey: canImportQueryOptions.queryKey });
      }
    },
    meta: { handledCodes: shownByDialog },
  });
}
