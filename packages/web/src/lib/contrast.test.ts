import { describe, expect, it } from "vitest";
import { contrastRatio, readableTextOn, relativeLuminance } from "./contrast";

describe("relativeLuminance", () => {
  it("gives WCAG's figures for the primaries, black, white and grey", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#FFFFFF")).toBe(1);
    expect(relativeLuminance("#ff0000")).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance("#00ff00")).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance("#0000ff")).toBeCloseTo(0.0722, 4);
    // #777777 is the well-known grey at 4.48:1 on white: luminance 0.1845.
    expect(relativeLuminance("#777777")).toBeCloseTo(0.1845, 4);
  });

  it("reads #rgb as #rrggbb and refuses what is not a hex colour", () => {
    expect(relativeLuminance("#f00")).toBe(relativeLuminance("#ff0000"));
    expect(relativeLuminance("red")).toBeNull();
    expect(relativeLuminance("#12345")).toBeNull();
  });
});

describe("contrastRatio", () => {
  it("matches the ratios WCAG tools report", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ed6c02", "#ffffff")).toBeCloseTo(3.11, 2);
    expect(contrastRatio("#0f766e", "#ffffff")).toBeCloseTo(5.47, 2);
  });

  it("is the same both ways round", () => {
    expect(contrastRatio("#FFEB3B", "#000000")).toBe(contrastRatio("#000000", "#FFEB3B"));
  });
});

describe("readableTextOn", () => {
  it("puts black on light colours and white on dark ones", () => {
    expect(readableTextOn("#FFEB3B")).toBe("#000000"); // yellow
    expect(readableTextOn("#ffffff")).toBe("#000000");
    expect(readableTextOn("#1a237e")).toBe("#ffffff"); // indigo 900
    expect(readableTextOn("#000")).toBe("#ffffff");
  });

  it("picks black where MUI's 3:1 rule picks white below AA", () => {
    // #F44336 (red 500): white reads 3.68:1, black 5.71:1.
    expect(contrastRatio("#F44336", "#ffffff")).toBeCloseTo(3.68, 2);
    expect(readableTextOn("#F44336")).toBe("#000000");
  });

  it("reaches AA (4.5:1) on every colour of a sweep of the RGB cube", () => {
    const steps = ["00", "33", "66", "77", "80", "99", "aa", "cc", "ff"];
    for (const red of steps)
      for (const green of steps)
        for (const blue of steps) {
          const background = `#${red}${green}${blue}`;
          expect(contrastRatio(readableTextOn(background), background), background).toBeGreaterThanOrEqual(4.5);
        }
  });

  it("falls back to black for a colour it cannot read", () => {
    expect(readableTextOn("teal")).toBe("#000000");
  });
});
