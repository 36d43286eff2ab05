/** The variables every contact has (`{{number}}` too, per the contract); custom fields come from the contacts. */
export const contactVariables = ["name", "firstName", "number"] as const;

/** `{{field}}` as the message writes it. */
export function variableToken(field: string): string {
  return `{{${field}}}`;
}

/**
 * `text` with `token` put in place of the selection `[start, end)` (the caret when equal), and
 * where the caret goes after it. Positions outside the text are taken as its end.
 */
export function insertAt(text: string, token: string, start: number | null, end: number | null): { text: string; caret: number } {
  const from = clamp(start ?? text.length, text.length);
  const to = Math.max(from, clamp(end ?? from, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

function clamp(position: number, length: number): number {
  return Math.min(Math.max(0, position), length);
}

/** The custom field names a set of contacts carries, each once, in alphabetical order. */
export function customFieldNames(contacts: readonly { extraInfo: readonly { name: string }[] }[]): string[] {
  const names = new Set<string>();
  for (const contact of contacts) for (const field of contact.extraInfo) if (field.name.trim()) names.add(field.name.trim());
  return [...names].sort((a, b) => a.localeCompare(b));
}
