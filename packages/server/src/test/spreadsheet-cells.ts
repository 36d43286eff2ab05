import { parse } from "csv-parse/sync";

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cells of a CSV text that a spreadsheet would run as formulas, whichever separator it splits
 * on (comma, semicolon, tab) and whether it honours quotes or takes them as text; a cell's leading
 * quotes are dropped first, as a reader taking them for quoting does. Empty for a safe file.
 */
export function formulaCellsUnderAnySeparator(text: string): string[] {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const found: string[] = [];
  for (const delimiter of [",", ";", "\t"]) {
    for (const quote of ['"', false] as const) {
      const table: string[][] = parse(body, { delimiter, quote, relax_quotes: true, relax_column_count: true, record_delimiter: ["\r\n", "\n", "\r"] });
      for (const cell of table.flat()) if (FORMULA_START.test(cell.replace(/^"+/, ""))) found.push(`${JSON.stringify(delimiter)}: ${cell}`);
    }
  }
  return found;
}

/** A contact name that became a formula cell in a spreadsheet splitting on `;` (issue 28), and its kin. */
export const cellSplittingNames = ["x;=cmd|' /C calc'!A0;y", "x,=cmd|' /C calc'!A0,y", "x\t@SUM(A1)\ty", 'x;"=cmd|\' /C calc\'!A0";y'];
