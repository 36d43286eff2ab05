/** What the command palette can offer, before it knows what the user typed. */
export interface PaletteChoice {
  /** Unique among the offers (the option's id). */
  key: string;
  kind: "ticket" | "screen" | "action";
  label: string;
  /** A second line: the ticket's queue and state, the screen's path. */
  detail?: string;
}

/** Lower case, without accents: "Relatórios" is found by "relato". */
export function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().trim();
}

/**
 * The screens and actions whose name holds what was typed, those it starts first (every one for
 * nothing typed), and the tickets the server found, first: a ticket is what a number or a
 * contact's name asks for. Tickets are already the server's answer for the text (and the user's
 * permissions), so they are not filtered again.
 */
export function matchChoices(query: string, choices: { tickets: readonly PaletteChoice[]; screens: readonly PaletteChoice[]; actions: readonly PaletteChoice[] }): PaletteChoice[] {
  const wanted = folded(query.replace(/^[>#]/, ""));
  const named = (choice: PaletteChoice) => folded(choice.label);
  const local = [...choices.actions, ...choices.screens]
    .map((choice, order) => ({ choice, order, at: wanted === "" ? 0 : named(choice).indexOf(wanted) }))
    .filter(({ at }) => at >= 0)
    // A name starting with the text first, then the list's own order (actions, then screens).
    .sort((a, b) => Number(a.at !== 0) - Number(b.at !== 0) || a.order - b.order)
    .map(({ choice }) => choice);
  return [...choices.tickets, ...local];
}

/** The option after (step 1) or before (-1) the active one, wrapping round; -1 when there is none. */
export function movedIndex(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  return (active + step + count) % count;
}
