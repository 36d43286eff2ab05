import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import es from "../locales/es.json";
import pt from "../locales/pt.json";
import { pageOnlyBlocks, pagesPart, startPart } from "./locale-parts";

describe("the texts' two parts", () => {
  it.each([
    ["en", en],
    ["pt", pt],
    ["es", es],
  ])("split %s into the start and the page-only blocks, with nothing lost or repeated", (_language, texts) => {
    const start = startPart(texts);
    const pages = pagesPart(texts);
    // A block named page-only that the file lacks is a typo: its texts would load at start.
    expect(Object.keys(pages).sort()).toEqual([...pageOnlyBlocks].sort());
    expect(Object.keys(start).some((block) => pageOnlyBlocks.includes(block))).toBe(false);
    expect({ ...start, ...pages }).toEqual(texts);
  });
});
