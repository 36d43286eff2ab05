import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { cellSplittingNames, formulaCellsUnderAnySeparator } from "../test/spreadsheet-cells.js";
import { AppError } from "./app-error.js";
import { csvFile, csvLines, decodeCsvText, formulaSafe, parseCsv } from "./csv.js";

const codeOf = (run: () => unknown) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : error;
  }
};

describe("decodeCsvText", () => {
  it("reads UTF-8, dropping a byte order mark", () => {
    expect(decodeCsvText(Buffer.from("\uFEFFnome,número\n", "utf8"))).toBe("nome,número\n");
  });

  it("reads what is not UTF-8 as Windows-1252 (Excel's CSV on Windows)", () => {
    expect(decodeCsvText(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x3b, 0x80]))).toBe("José;€");
  });

  it("refuses what is not text: UTF-16, NUL bytes, undefined Windows-1252 bytes", () => {
    expect(codeOf(() => decodeCsvText(Buffer.from([0xff, 0xfe, 0x61, 0x00])))).toBe("FILE_NOT_SUPPORTED");
    expect(codeOf(() => decodeCsvText(Buffer.from("a,b\n\0\0", "latin1")))).toBe("FILE_NOT_SUPPORTED");
    expect(codeOf(() => decodeCsvText(Buffer.from([0x61, 0x81, 0x62])))).toBe("FILE_NOT_SUPPORTED");
  });
});

const codeOfAsync = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : error;
  }
};

describe("parseCsv", () => {
  it("reads quoted cells with separators, quotes and line breaks, and numbers rows as a spreadsheet does", async () => {
    const table = await parseCsv('name,note\r\n"Lima, Ana","said ""hi""\nthen left"\r\n\r\nBruno,\n');
    expect(table).toEqual({
      header: ["name", "note"],
      rows: [
        { line: 2, cells: ["Lima, Ana", 'said "hi"\nthen left'] },
        { line: 4, cells: ["Bruno", ""] },
      ],
    });
    // Blank lines before the header count too.
    expect((await parseCsv("\n \nname,number\n\nAna,1")).rows).toEqual([{ line: 5, cells: ["Ana", "1"] }]);
  });

  it("finds the separator: semicolon, tab, or Excel's sep= line", async () => {
    expect((await parseCsv("nome;número\nAna;1\n")).rows[0]?.cells).toEqual(["Ana", "1"]);
    expect((await parseCsv("name\tnumber\nAna\t1")).rows[0]?.cells).toEqual(["Ana", "1"]);
    expect(await parseCsv("sep=;\nname;number\nAna, Lima;1\n")).toEqual({ header: ["name", "number"], rows: [{ line: 3, cells: ["Ana, Lima", "1"] }] });
  });

  it("is lenient as spreadsheets are: a byte order mark, line ends mixed, rows of any length, a quote inside a cell", async () => {
    expect(await parseCsv('\uFEFFname,number\r\nAna,1,extra\rBruno\n"Lima" Jr,x"y"\n')).toEqual({
      header: ["name", "number"],
      rows: [
        { line: 2, cells: ["Ana", "1", "extra"] },
        { line: 3, cells: ["Bruno"] },
        { line: 4, cells: ['"Lima" Jr', 'x"y"'] },
      ],
    });
  });

  it("reads a file of many pieces whole: characters and line ends cut between pieces, quoted cells across them", async () => {
    // Rows of 2-, 3- and 4-byte characters and CRLF: some fall on the parser's 16 KiB boundaries.
    const names = Array.from({ length: 3000 }, (_, i) => `Zé 🙂 ção ${i}`);
    const text = `name,note\r\n${names.map((name, i) => `${name},"a, ""b""\r\nc ${i}"`).join("\r\n")}\r\n`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * 16 * 1024);
    const { rows } = await parseCsv(text);
    expect(rows.map((row) => row.cells[0])).toEqual(names);
    expect(rows.every((row, i) => row.cells[1] === `a, "b"\r\nc ${i}` && row.line === i + 2)).toBe(true);
  });

  it("answers ERR_EMPTY_CSV without a header, FILE_NOT_SUPPORTED for a quote never closed", async () => {
    expect(await codeOfAsync(() => parseCsv(""))).toBe("ERR_EMPTY_CSV");
    expect(await codeOfAsync(() => parseCsv(" \n\n"))).toBe("ERR_EMPTY_CSV");
    expect((await parseCsv("name,number\n")).rows).toEqual([]);
    expect(await codeOfAsync(() => parseCsv('name,number\n"Ana,1\n'))).toBe("FILE_NOT_SUPPORTED");
  });
});

describe("csvFile and csvLines", () => {
  it("write a byte order mark and CRLF lines, quoting what holds a separator, a quote or a line break", () => {
    expect(csvFile([["name", "note"], ["Lima, Ana", 'said "hi"'], ["a;b", "tab\there"], ["line\nbreak", "cr\rhere"], ["", "plain é"]])).toBe(
      '\uFEFFname,note\r\n"Lima, Ana","said ""hi"""\r\n"a;b","tab\there"\r\n"line\nbreak","cr\rhere"\r\n,plain é\r\n',
    );
    expect(csvLines([])).toBe("");
  });

  it("neutralise what a spreadsheet would run as a formula with a leading apostrophe, then quote as needed", () => {
    const cells = ["=1+1", "+55 11 90000-0001", "-2+3", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://evil.example")', "a=b", "5511"];
    expect(csvLines([cells])).toBe(
      `'=1+1,'+55 11 90000-0001,'-2+3,'@SUM(A1),"'\tx","'\rx","'=HYPERLINK(""http://evil.example"")",a=b,5511\r\n`,
    );
  });

  it("leave no cell starting a formula whichever separator a spreadsheet splits on (issue 28)", () => {
    const hostile = [...cellSplittingNames, "one\n+two\r-three\r\n@four", "a;\t=b", "=start;@middle", '"=quoted"'];
    const file = csvFile([["name", "note"], ...hostile.map((value) => [value, "plain"])]);
    expect(formulaCellsUnderAnySeparator(file)).toEqual([]);
  });

  it("keep ordinary values as they read", async () => {
    const ordinary = [["Ana Souza", "+55 11 90000-0001", "Lima, Ana; Jr.", "a - b", "x=y", "e-mail: ana@example.com", "São Paulo"]];
    const { header } = await parseCsv(csvFile(ordinary));
    expect(header).toEqual(ordinary[0]);
  });

  it("are read back by parseCsv as written, the apostrophes put in taken out (decision 0074)", async () => {
    const records = [["Line", "name", "note"], ["2", "Lima; Ana", 'multi\nline "quoted", cell'], ["3", "=Boss", "x;=cmd|' /C calc'!A0;y"], ["4", "-2+3", "a,\"@b"]];
    const { header, rows } = await parseCsv(csvFile(records));
    expect([header, ...rows.map((row) => row.cells)]).toEqual(records);
  });

  it("write what csv-stringify wrote with the same rules, cell for cell (the writer before decision 0074's export work)", () => {
    const reference = (records: string[][]) =>
      stringify(records, { delimiter: ",", record_delimiter: "windows", quoted_match: /[;\t\r\n]/, cast: { string: formulaSafe } });
    const pieces = ["", "a", " ", ",", ";", "\t", "\r", "\n", "\r\n", '"', "'", "=", "+", "-", "@", "é", "😀", "\u00a0", "0", "x=y"];
    // Every pair and many triples of the pieces above, as cells of records of one to three cells.
    const cells = pieces.flatMap((a) => pieces.flatMap((b) => [a + b, ...pieces.filter((_, i) => i % 3 === 0).map((c) => a + b + c)]));
    const records = cells.map((cell, i) => [cell, cells[(i * 7) % cells.length]!, cells[(i * 13) % cells.length]!].slice(0, (i % 3) + 1));
    expect(csvLines(records)).toBe(reference(records));
    expect(csvLines([[...cellSplittingNames]])).toBe(reference([[...cellSplittingNames]]));
  });
});
