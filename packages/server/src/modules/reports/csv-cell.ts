/**
 * A text as one CSV cell (RFC 4180). A text a spreadsheet would run as a formula — starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return — gets a leading `'` first (the OWASP advice:
 * shown as text, never evaluated); then a cell holding the separator, a quote or a line break is
 * quoted, its quotes doubled.
 */
export function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (CRLF, as RFC 4180 and spreadsheets expect). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
