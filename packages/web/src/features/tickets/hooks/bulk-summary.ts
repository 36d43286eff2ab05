import type { TicketBulkOutcome } from "@atendo/contracts";
import type { TranslateOptions } from "../../../lib/i18n";

type Translate = (key: string, options?: TranslateOptions) => string;

/**
 * What a bulk action did, in one line (docs/decisions/0077): "98 done, 2 refused: Ticket not
 * found (2)" — the refusals grouped by their reason, most frequent first, in the error
 * catalogue's words.
 */
export function bulkSummary(results: readonly TicketBulkOutcome[], t: Translate): string {
  const refusals = new Map<string, number>();
  for (const outcome of results) if (outcome.result === "refused") refusals.set(outcome.code, (refusals.get(outcome.code) ?? 0) + 1);
  const refusedCount = results.length - results.filter((outcome) => outcome.result === "done").length;
  const done = t("bulk.done", { count: results.length - refusedCount });
  if (refusedCount === 0) return t("bulk.summaryAllDone", { done });
  const reasons = [...refusals.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([code, count]) => t("bulk.reason", { text: t(`errors.${code}`).replace(/\.$/, ""), count }))
    .join("; ");
  return t("bulk.summary", { done, refused: t("bulk.refused", { count: refusedCount }), reasons });
}
