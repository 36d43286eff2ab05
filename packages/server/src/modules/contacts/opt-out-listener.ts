import { isOptOutText, limits, optOutForm, optOutKeywordsOf } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { DomainEvents } from "../../events/event-bus.js";
import { getSettingValue } from "../settings/settings.service.js";
import { optOutByMessage } from "./opt-out.service.js";

/**
 * The `optOutKeywords` setting as this app last read it: read again once `optOutKeywordsFreshMs`
 * has passed (another instance's change), replaced at once by a change made here — so a burst of
 * short messages costs one read, not one per message.
 */
function keywordsReader(ctx: AppContext) {
  // The read itself is kept, so messages that arrive together while it runs share it.
  let kept: { keywords: Promise<string[]>; readAt: number } | undefined;
  const read = async () => optOutKeywordsOf((await getSettingValue(ctx, "optOutKeywords")) ?? "");
  return {
    current(): Promise<string[]> {
      if (!kept || Date.now() - kept.readAt > limits.optOutKeywordsFreshMs) {
        const reading = { keywords: read(), readAt: Date.now() };
        // A failed read is not kept: the next message reads again.
        reading.keywords.catch(() => {
          if (kept === reading) kept = undefined;
        });
        kept = reading;
      }
      return kept.keywords;
    },
    changed(value: string): void {
      kept = { keywords: Promise.resolve(optOutKeywordsOf(value)), readAt: Date.now() };
    },
  };
}

/**
 * Opt-out by message (issue 31, docs/decisions/0086): a customer's text that is one of the
 * `optOutKeywords` — the whole text, not a sentence containing one — opts its contact out. The
 * company's own messages, groups, files and contacts already opted out are passed over before
 * anything is read, and so is a text longer than any keyword can be. Runs beside the close code
 * and the survey's answer, which the pipeline handles on its own: a keyword that is also the
 * close code both closes the ticket and opts out.
 */
export function listenForOptOut(events: DomainEvents, ctx: AppContext): void {
  const keywords = keywordsReader(ctx);
  events.on("settings.changed", "opt-out", ({ event }) => {
    if (event.setting.key === "optOutKeywords") keywords.changed(event.setting.value);
  });
  events.on("message.received", "opt-out", async ({ ticket, message }) => {
    if (message.fromMe || ticket.isGroup || ticket.contact.optedOut || message.mediaType !== "chat") return;
    if (optOutForm(message.body).length > limits.optOutKeywords.keywordMax) return;
    if (isOptOutText(message.body, await keywords.current())) await optOutByMessage(ctx, ticket);
  });
}
