import type { MentionCandidate } from "@atendo/contracts";

/** Most people the @ picker lists at once. */
export const mentionPickerMax = 8;

/** The `@…` being typed just before the caret: where it starts and what follows the @; null when none. */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|\s)@([^@\n]{0,30})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

/** The people whose name starts with the query (or has a word that does), those who may see the ticket first. */
export function matchingCandidates(candidates: readonly MentionCandidate[], query: string): MentionCandidate[] {
  const q = query.toLocaleLowerCase();
  const matches = (name: string) => name.toLocaleLowerCase().split(/\s+/).some((_, i, words) => words.slice(i).join(" ").startsWith(q));
  const found = candidates.filter((candidate) => matches(candidate.name));
  return [...found.filter((c) => c.seesTicket), ...found.filter((c) => !c.seesTicket)].slice(0, mentionPickerMax);
}

/** Replaces the `@query` at `start` with `@Name ` and says where the caret goes. */
export function insertMention(text: string, at: { start: number; query: string }, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + inserted + text.slice(end), caret: at.start + inserted.length };
}

/** The picked people whose `@Name` is still in the text: the note's mentionedUserIds. */
export function mentionedIds(text: string, picked: readonly { id: number; name: string }[]): number[] {
  return [...new Set(picked.filter((person) => text.includes(`@${person.name}`)).map((person) => person.id))];
}
