/**
 * Every CSV Atendo reads or writes (docs/decisions/0056): files read with node-csv's `csv-parse`,
 * files written by `csvLines` (csv-stringify's output for the same rules, without its per-record
 * cost: decision 0074), and one rule for what a written cell may start with. The
 * contact import reads uploads with it and writes its template and failed rows; the reports
 * stream their tickets with it; an export to come writes with `csvFile` or `csvLines`.
 */
import { finished } from "node:stream/promises";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { CsvError, parse } from "csv-parse";
import { AppError } from "./app-error.js";

/** Excel reads a file as UTF-8 (accents) only when it starts with the byte order mark. */
export const CSV_BOM = "\uFEFF";

/**
 * Every place in a text where a spreadsheet may start a cell — the text's start, and after any
 * separator it may split on (comma; semicolon, Excel in Portuguese and Spanish; tab) or a line
 * break — followed, past any quotes (a reader taking the field as quoted drops them), by what makes
 * it run the cell as a formula: `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP "CSV
 * injection"). A file written with one separator and opened with another is split inside cells,
 * so neutralising the start of the whole cell is not enough.
 */
const FORMULA_AT_CELL_START = /(^|[,;\t\r\n])("*)(?=[=+\-@\t\r])/g;

/**
 * A text with a `'` put at every such place (the OWASP advice: shown as text, never evaluated;
 * "+55 11 …" stays readable, "a, -b" too: a space before the sign keeps it text).
 */
export function formulaSafe(text: string): string {
  return text.replace(FORMULA_AT_CELL_START, "$1'$2");
}

/** Every `'` formulaSafe puts in. */
const FORMULA_GUARD = /(^|[,;\t\r\n])'("*)(?=[=+\-@\t\r])/g;

/**
 * A read cell without the `'`s formulaSafe puts in, as a spreadsheet drops its text prefix: a file
 * Atendo wrote (an export, a failed-rows file) reads back as the values it was written from
 * (docs/decisions/0074). A value that really starts with `'=` loses its apostrophe.
 */
export function formulaPlain(text: string): string {
  return text.includes("'") ? text.replace(FORMULA_GUARD, "$1$2") : text;
}

/**
 * Where a written cell is quoted: a comma, a quote or a line break (RFC 4180: CR or LF alone too,
 * or a reader would end the record there), and the other separators a reader may split on — `;`
 * (Excel in Portuguese and Spanish), tab — so no part of a cell becomes a cell of its own, which
 * could start with `=`.
 */
const QUOTED_CELL = /[",;\t\r\n]/;
/** What formulaSafe may act on: a text without any of these is left as it is, unscanned. */
const FORMULA_SIGNS = /[=+\-@\t\r]/;

/** A cell as written: formula-safe, quoted (quotes doubled) when QUOTED_CELL says so. */
function csvCell(text: string): string {
  const value = FORMULA_SIGNS.test(text) ? formulaSafe(text) : text;
  return QUOTED_CELL.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Records as CSV lines, each ended by CRLF (RFC 4180, what spreadsheets expect): a whole file's
 * body, or one batch of a file streamed. Written here rather than by csv-stringify, whose output
 * for these rules it matches cell for cell (csv.test.ts): a generic writer's per-record work was
 * most of a 100,000-contact export's time and of the garbage that made the server's memory grow
 * with it (docs/decisions/0074).
 */
export function csvLines(records: readonly (readonly string[])[]): string {
  let text = "";
  for (const record of records) {
    for (let i = 0; i < record.length; i++) text += (i === 0 ? "" : ",") + csvCell(record[i] ?? "");
    text += "\r\n";
  }
  return text;
}

/** A CSV file's text: the byte order mark, then the records. */
export function csvFile(records: readonly (readonly string[])[]): string {
  return CSV_BOM + csvLines(records);
}

/** One data row of a CSV file and where it was: `line` counts records as a spreadsheet numbers rows (header = 1). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  /** Rows with at least one non-blank cell, in file order. */
  rows: CsvRow[];
}

// Text has no control characters but tab, CR and LF; a binary file (a spreadsheet, an image, UTF-16
// text) always has some once decoded. C1 controls are what Windows-1252 leaves undefined.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

// Windows-1252's printable characters at 0x80–0x9F (Latin-1 has C1 controls there); "" where it
// defines none. Node 20's TextDecoder("windows-1252") decodes as Latin-1, hence this table.
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] as string);
}

/**
 * The text of an uploaded CSV file: UTF-8 (a byte order mark is dropped) or, when the bytes are
 * not valid UTF-8, Windows-1252 — what Excel writes as "CSV" on Windows in Portuguese and Spanish
 * (docs/decisions/0040). Anything that is not text answers FILE_NOT_SUPPORTED.
 */
export function decodeCsvText(bytes: Uint8Array): string {
  const utf16 = bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
  if (utf16) throw new AppError("FILE_NOT_SUPPORTED");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  if (CONTROL_CHARACTERS.test(text)) throw new AppError("FILE_NOT_SUPPORTED");
  return text;
}

/** Excel's optional first line naming the separator ("sep=;"). */
const SEPARATOR_LINE = /^sep=(.)\r?\n/i;

/**
 * The separator of the first line: comma, or semicolon (Excel in pt/es locales), or tab, whichever
 * it has most of outside quotes. csv-parse's own `delimiter_auto` weighs any character (spaces,
 * dots, slashes: names, emails, dates) over a sample of the file; the rule here is the one
 * docs/decisions/0040 promises.
 */
function guessSeparator(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ",";
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/** Bytes handed to the parser at a time; the event loop gets a turn between them. */
const PIECE_BYTES = 16 * 1024;

/**
 * The header and data rows of a CSV text; a file with no header at all (empty or blank) answers
 * ERR_EMPTY_CSV. RFC 4180 — quoted cells may hold separators, quotes and line breaks — read as
 * leniently as spreadsheets do: rows of any length, CRLF, LF and CR line ends mixed, a quote inside
 * an unquoted cell kept as it is. A quote never closed means the file is not CSV (or was cut):
 * FILE_NOT_SUPPORTED. The text is parsed piece by piece, giving the event loop a turn in between:
 * a row whose length differs from the header's costs csv-parse an error object (docs/decisions/0056),
 * and a large file of such rows must slow only its own request.
 */
export async function parseCsv(text: string): Promise<CsvTable> {
  const unmarked = text.startsWith(CSV_BOM) ? text.slice(CSV_BOM.length) : text;
  const separatorLine = SEPARATOR_LINE.exec(unmarked);
  const body = separatorLine ? unmarked.slice(separatorLine[0].length) : unmarked;
  // Rows are numbered as a spreadsheet does: every record and every empty line counts, a cell's
  // line breaks do not.
  const lineBefore = separatorLine ? 1 : 0;
  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  const parser = parse({
    delimiter: separatorLine?.[1] ?? guessSeparator(body),
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // Rows are taken here, as parsed, not pushed through the stream.
    on_record: (cells: string[], { records, empty_lines }) => {
      if (cells.every((cell) => cell.trim() === "")) return null;
      const plain = cells.map(formulaPlain);
      if (header) rows.push({ line: lineBefore + records + empty_lines, cells: plain });
      else header = plain.map((cell) => cell.trim());
      return null;
    },
  });
  const ended = finished(parser.resume());
  const bytes = Buffer.from(body, "utf8");
  try {
    for (let start = 0; start < bytes.length && !parser.destroyed; start += PIECE_BYTES) {
      parser.write(bytes.subarray(start, start + PIECE_BYTES));
      await yieldToLoop();
    }
    if (!parser.destroyed) parser.end();
    await ended;
  } catch (error) {
    if (error instanceof CsvError) throw new AppError("FILE_NOT_SUPPORTED");
    throw error;
  }
  if (!header) throw new AppError("ERR_EMPTY_CSV");
  return { header, rows };
}
