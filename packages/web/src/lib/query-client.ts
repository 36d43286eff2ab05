import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";
import { toastError } from "./error-message";
import { onSessionEnd } from "./session";

declare module "@tanstack/react-query" {
  interface Register {
    /** `silent: true` keeps the global handler from toasting; the caller deals with the error. */
    queryMeta: { silent?: boolean };
    mutationMeta: {
      silent?: boolean;
      /** Error codes the caller shows itself (a delete refused because something still routes to the record). */
      handledCodes?: readonly string[];
    };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.silent) toastError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.silent) return;
      if (error instanceof ApiError && error.code && mutation.meta?.handledCodes?.includes(error.code)) return;
      toastError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Nothing cached for one user may be shown to the next one.
onSessionEnd(() => queryClient.clear());
