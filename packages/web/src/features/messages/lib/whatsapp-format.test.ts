import { describe, expect, it } from "vitest";
import { formattedAsPlain, linkHref, parseFormatting, plainText } from "./whatsapp-format";

describe("parseFormatting", () => {
  it("reads bold, italic, strike and monospace", () => {
    expect(parseFormatting("a *b* _c_ ~d~ ```e```")).toEqual([
      { type: "text", text: "a " },
      { type: "bold", children: [{ type: "text", text: "b" }] },
      { type: "text", text: " " },
      { type: "italic", children: [{ type: "text", text: "c" }] },
      { type: "text", text: " " },
      { type: "strike", children: [{ type: "text", text: "d" }] },
      { type: "text", text: " " },
      { type: "mono", text: "e" },
    ]);
  });

  it("nests styles", () => {
    expect(parseFormatting("*_both_*")).toEqual([{ type: "bold", children: [{ type: "italic", children: [{ type: "text", text: "both" }] }] }]);
  });

  it("leaves markers inside words, around spaces, unclosed or across lines as text", () => {
    for (const text of ["2*3*4", "snake_case_name", "* not bold *", "*open", "*one\ntwo*", "**"]) {
      expect(parseFormatting(text)).toEqual([{ type: "text", text }]);
    }
  });

  it("takes a monospace block literally, also over several lines", () => {
    expect(parseFormatting("```*x*\n_y_```!")).toEqual([
      { type: "mono", text: "*x*\n_y_" },
      { type: "text", text: "!" },
    ]);
  });

  it("makes web addresses links, keeping markers and trailing punctuation out", () => {
    expect(parseFormatting("see https://ex.com/a_b_c, or *www.ex.org*.")).toEqual([
      { type: "text", text: "see " },
      { type: "link", href: "https://ex.com/a_b_c", text: "https://ex.com/a_b_c" },
      { type: "text", text: ", or " },
      { type: "bold", children: [{ type: "link", href: "https://www.ex.org", text: "www.ex.org" }] },
      { type: "text", text: "." },
    ]);
  });

  it("never links other schemes and keeps markup as text", () => {
    const nodes = parseFormatting("javascript:alert(1) <img src=x onerror=alert(1)>");
    expect(nodes).toEqual([{ type: "text", text: "javascript:alert(1) <img src=x onerror=alert(1)>" }]);
    expect(linkHref("www.a.com")).toBe("https://www.a.com");
  });

  it("gives the plain text back without markers", () => {
    expect(plainText(parseFormatting("*Ana*\nhello _there_ ```x```"))).toBe("Ana\nhello there x");
  });
});

describe("formattedAsPlain", () => {
  it("drops the markers and keeps the words", () => {
    expect(formattedAsPlain("Can you send a *new one* today? ~Or refund~ ```ORDER-991```")).toBe("Can you send a new one today? Or refund ORDER-991");
  });
});
