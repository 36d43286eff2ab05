/** Lower case, without accents or surrounding spaces: "Atendente", " atendênte " and "ATENDENTE" are one word. */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").trim().toLowerCase();
}

/** The customer asked for a person: the whole message is one of the bot's keywords (case and accents aside). */
export function asksForPerson(body: string, keywords: readonly string[]): boolean {
  const said = folded(body);
  return said !== "" && keywords.some((keyword) => folded(keyword) === said);
}
