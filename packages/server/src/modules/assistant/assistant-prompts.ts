import type { AssistantAction, Language } from "@atendo/contracts";
import type { ChatTurn } from "./chat-completion.js";

const languageNames: Record<Language, string> = { en: "English", pt: "Portuguese", es: "Spanish" };

/** What the model is asked to do, per action; `{language}` is the user's app language. */
const instructions: Record<AssistantAction, string> = {
  summarize:
    "You help customer-service attendants. Summarise the conversation below in a few short sentences, in {language}: " +
    "what the customer wants, what was already done or promised, and what is still open. Answer with the summary only.",
  suggestReply:
    "You help customer-service attendants. Write the attendant's next reply to the customer in the conversation below, " +
    "in the language the customer writes in: short, polite, helpful, without promising what the conversation does not support. " +
    "Answer with the reply's text only.",
  translate: "Translate the message below into {language}. Answer with the translation only.",
  improve:
    "Rewrite the customer-service reply below in a clearer, friendlier and professional tone, in its own language, " +
    "keeping its meaning and facts. Answer with the rewritten text only.",
};

/** One line of the conversation as the model reads it. */
export interface ConversationLine {
  fromMe: boolean;
  body: string;
  mediaType: string;
  senderName: string | null;
}

function lineOf(line: ConversationLine): string {
  const who = line.fromMe ? "Attendant" : line.senderName ? `Customer (${line.senderName})` : "Customer";
  const media = line.mediaType === "chat" ? "" : `[${line.mediaType}] `;
  return `${who}: ${media}${line.body}`.trimEnd();
}

/**
 * The transcript sent for a summary or a suggestion: the lines in order, oldest first, the
 * oldest dropped while the whole is longer than `maxChars` (the newest line always kept, cut).
 */
export function transcriptOf(lines: readonly ConversationLine[], maxChars: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const line of [...lines].reverse()) {
    const text = lineOf(line);
    if (kept.length > 0 && length + text.length + 1 > maxChars) break;
    kept.push(text.slice(0, maxChars));
    length += text.length + 1;
  }
  return kept.reverse().join("\n");
}

/** The chat messages of one request: the action's instruction, then the transcript or the user's text. */
export function promptOf(action: AssistantAction, language: Language, content: string): ChatTurn[] {
  return [
    { role: "system", content: instructions[action].replace("{language}", languageNames[language]) },
    { role: "user", content },
  ];
}
