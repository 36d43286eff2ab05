import { queryOptions } from "@tanstack/react-query";
import { getCanImport, getOngoingImport } from "./contact-import.api";

/** Every query of the feature, for invalidation (after a reconnect). */
export const contactImportKey = ["contact-import"] as const;

export const canImportQueryOptions = queryOptions({
  queryKey: [...contactImportKey, "can-import"] as const,
  queryFn: ({ signal }) => getCanImport(signal),
  select: (answer) => answer.canImport,
});

/** The running or latest import; kept current by `ContactsImports` events. */
export const ongoingImportQueryOptions = queryOptions({
  queryKey: [...contactImportKey, "ongoing"] as const,
  queryFn: ({ signal }) => getOngoingImport(signal),
  select: (answer) => answer.import,
});
