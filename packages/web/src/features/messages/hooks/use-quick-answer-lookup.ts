import { useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { lookupQuickAnswers } from "../api/messages.api";

/** The text after a leading "/" while it is a single line, else null (no lookup). */
export function quickAnswerQuery(input: string): string | null {
  if (!input.startsWith("/") || input.includes("\n")) return null;
  return input.slice(1).trim();
}

/**
 * Quick-answer suggestions for the composer's "/" (spec §2), debounced 500 ms. A failed lookup
 * simply shows none (spec §8).
 */
export function useQuickAnswerLookup(input: string) {
  const q = useDebouncedValue(quickAnswerQuery(input));
  const active = quickAnswerQuery(input) !== null && q !== null;
  const query = useQuery({
    queryKey: ["quickAnswers", "lookup", q],
    queryFn: ({ signal }) => lookupQuickAnswers(q ?? "", signal),
    enabled: active,
    staleTime: 30_000,
    retry: false,
    meta: { silent: true },
  });
  return active && !query.isError ? (query.data ?? []) : [];
}
