import { describe, expect, it } from "vitest";
import { looseId, pageNumber, positiveId } from "./common.js";

describe("ids as text (issue 11)", () => {
  const loose = [" 2", "2 ", "02", "+2", "2e0", "0x2", "2.0", "-2", "0", "", "２", "9007199254740993"];

  it("positiveId reads only the canonical text of a positive whole number", () => {
    expect(positiveId.parse("2")).toBe(2);
    expect(positiveId.parse("1234567")).toBe(1234567);
    for (const text of loose) expect(positiveId.safeParse(text).success, JSON.stringify(text)).toBe(false);
    expect(positiveId.safeParse(2).success).toBe(false); // paths and query strings are text
  });

  it("pageNumber is canonical too and defaults to 1", () => {
    expect(pageNumber.parse(undefined)).toBe(1);
    expect(pageNumber.parse("3")).toBe(3);
    for (const text of [...loose, "100001"]) expect(pageNumber.safeParse(text).success, JSON.stringify(text)).toBe(false);
  });

  it("looseId takes a JSON number or the same canonical text", () => {
    expect(looseId.parse(2)).toBe(2);
    expect(looseId.parse("2")).toBe(2);
    for (const value of [...loose, 0, -1, 2.5]) expect(looseId.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});
