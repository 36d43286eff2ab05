/**
 * `text` with `insert` in place of the selection `[start, end)` (the caret when equal), and where
 * the caret goes after it. A selection out of range (the input lost it) appends at the end.
 */
export function insertAtCaret(text: string, insert: string, start: number | null, end: number | null): { text: string; caret: number } {
  const from = start === null || start > text.length ? text.length : start;
  const to = end === null || end < from || end > text.length ? from : end;
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}
