import { isOptOutText, limits, optOutForm, optOutKeywordsOf } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import type { DomainEvents } from "../../events/event-bus.js";
import { getSettingValue } from "../settings/settings.service.js";
import { optOutByMessage } from "./opt-out.service.js";

/**
 * Opt-out by message (issue 31, docs/decisions/0086): a customer's text that is one of the
 * `optOutKeywords` — the whole text, not a sentence containing one — opts its contact out. The
 * company's own messages, groups, files and contacts already opted out are passed over before
 * anything is read; a text longer than any keyword can be is too, so the setting is read only for
 * short texts. Runs beside the close code and the survey's answer, which the pipeline handles on
 * its own: a keyword that is also the close code both closes the ticket and opts out.
 */
export function listenForOptOut(events: DomainEvents, ctx: AppContext): void {
  events.on("message.received", "opt-out", async ({ ticket, message }) => {
    if (message.fromMe || ticket.isGroup || ticket.contact.optedOut || message.mediaType !== "chat") return;
    if (optOutForm(message.body).length > limits.optOutKeywords.keywordMax) return;
    const keywords = optOutKeywordsOf((await getSettingValue(ctx, "optOutKeywords")) ?? "");
    if (isOptOutText(message.body, keywords)) await optOutByMessage(ctx, ticket);
  });
}
