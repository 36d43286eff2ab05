/** What makes a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a cell a spreadsheet would run as a formula gets a leading apostrophe (shown as
 * text, "+55 11 …" stays readable); quoted when it holds a separator, a quote or a line break.
 */
function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file's text: UTF-8 with a byte order mark (Excel then shows accents right), CRLF line ends. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
