import { awaitsMenuAnswer, closesByCode } from "../../modules/routing/conversation.js";
import { answerMenusTogether } from "../../modules/routing/menu-batch.js";
import type { Settled } from "../../core/group-commit.js";
import type { Inbound, Stored } from "./inbound-store.js";

/**
 * The batch's messages stored for tickets waiting in a menu take routing's menu step together,
 * inside the flush (docs/decisions/0102): one transaction for every answer of the batch
 * (answerMenusTogether), which also announces them; each gets `stepped` (what it led to, the
 * texts to dispatch after the commit). Run before the batch's callers hear back and before the
 * lane's next batch, so a customer's next message finds the ticket where this one left it.
 * Left to continueConversation as before (ingest.ts): a ticket one of whose messages is its close
 * code (a close, a farewell), the slow path's messages, and every message of a step that failed
 * (it rolled back: nothing of it happened, nothing was announced).
 */
export async function stepMenusTogether(items: readonly Inbound[], settled: readonly Settled<Stored>[]): Promise<void> {
  const waiting = items.flatMap((item, i) => {
    const outcome = settled[i];
    return outcome?.ok && awaitsMenuAnswer(outcome.value.active.ticket) ? [{ item, stored: outcome.value }] : [];
  });
  const closing = new Set(waiting.filter(({ item }) => closesByCode(item.connection, item.input)).map(({ stored }) => stored.active.ticket.id));
  const answers = waiting.filter(({ stored }) => !closing.has(stored.active.ticket.id));
  if (answers.length === 0) return;
  const { ctx } = items[0]!;
  try {
    const outcomes = await answerMenusTogether(
      ctx,
      answers.map(({ item, stored }) => ({ connection: item.connection, message: stored.created[0]!, isGroup: item.input.chat.isGroup, ticket: stored.ticket })),
      new Date(),
    );
    answers.forEach(({ stored }, i) => (stored.stepped = outcomes[i]));
  } catch (error) {
    ctx.log.warn({ err: error, size: answers.length }, "group commit: the menu step failed, answering its messages one by one");
  }
}
