import { describe, expect, it } from "vitest";
import { AppError } from "../../core/app-error.js";
import { decodeCsvText, parseCsv } from "./csv-read.js";

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

describe("parseCsv", () => {
  it("reads quoted cells with separators, quotes and line breaks, and numbers rows as a spreadsheet does", () => {
    const table = parseCsv('name,note\r\n"Lima, Ana","said ""hi""\nthen left"\r\n\r\nBruno,\n');
    expect(table).toEqual({
      header: ["name", "note"],
      rows: [
        { line: 2, cells: ["Lima, Ana", 'said "hi"\nthen left'] },
        { line: 4, cells: ["Bruno", ""] },
      ],
    });
  });

  it("finds the separator: semicolon, tab, or Excel's sep= line", () => {
    expect(parseCsv("nome;número\nAna;1\n").rows[0]?.cells).toEqual(["Ana", "1"]);
    expect(parseCsv("name\tnumber\nAna\t1").rows[0]?.cells).toEqual(["Ana", "1"]);
    expect(parseCsv("sep=;\nname;number\nAna, Lima;1\n")).toEqual({ header: ["name", "number"], rows: [{ line: 3, cells: ["Ana, Lima", "1"] }] });
  });

  it("answers ERR_EMPTY_CSV without a header, FILE_NOT_SUPPORTED for a quote never closed", () => {
    expect(codeOf(() => parseCsv(" \n\n"))).toBe("ERR_EMPTY_CSV");
    expect(parseCsv("name,number\n").rows).toEqual([]);
    expect(codeOf(() => parseCsv('name,number\n"Ana,1\n'))).toBe("FILE_NOT_SUPPORTED");
  });
});
