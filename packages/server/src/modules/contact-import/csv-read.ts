import { AppError } from "../../core/app-error.js";

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

/** The separator of the first line: comma, or semicolon (Excel in pt/es locales), or tab, whichever it has most of outside quotes. */
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

/** Every record of the text as cells (RFC 4180: quoted cells may hold separators, quotes and line breaks). */
function parseRecords(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === separator) endCell();
    else if (char === "\n") endRecord();
    else if (char === "\r") {
      if (text[i + 1] === "\n") i++;
      endRecord();
    } else cell += char;
    i++;
  }
  // An opening quote never closed: the file is not CSV (or was cut), nothing of it is trusted.
  if (quoted) throw new AppError("FILE_NOT_SUPPORTED");
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}

/** The header and data rows of a CSV text; a file with no header at all (empty or blank) answers ERR_EMPTY_CSV. */
export function parseCsv(text: string): CsvTable {
  const separatorLine = SEPARATOR_LINE.exec(text);
  const body = separatorLine ? text.slice(separatorLine[0].length) : text;
  const records = parseRecords(body, separatorLine?.[1] ?? guessSeparator(body));
  const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");
  const headerIndex = records.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) throw new AppError("ERR_EMPTY_CSV");
  const header = (records[headerIndex] as string[]).map((cell) => cell.trim());
  const firstLine = separatorLine ? 2 : 1;
  const rows: CsvRow[] = [];
  for (let index = headerIndex + 1; index < records.length; index++) {
    const cells = records[index] as string[];
    if (!isBlank(cells)) rows.push({ line: index + firstLine, cells });
  }
  return { header, rows };
}
