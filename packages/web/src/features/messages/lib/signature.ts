/**
 * The attendant's signature on sent text (spec §2, docs/decisions/0028): the name in bold, the
 * extension in parentheses when there is one, then the text on the next line:
 * `*Ana Souza* (1234)\nHello`.
 */
export function signedText(text: string, user: { name: string; extension: string | null }): string {
  // An asterisk inside the name would end the bold early on the customer's side.
  const name = user.name.replaceAll("*", "").trim();
  const extension = user.extension?.trim();
  if (!name) return text;
  return `*${name}*${extension ? ` (${extension})` : ""}\n${text}`;
}

/** What the composer sends: trimmed text, signed when the toggle is on; null for blank text. */
export function outgoingText(text: string, signature: { name: string; extension: string | null } | null): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return signature ? signedText(trimmed, signature) : trimmed;
}
