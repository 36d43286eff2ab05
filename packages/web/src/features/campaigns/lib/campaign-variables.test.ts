import { describe, expect, it } from "vitest";
import { customFieldNames, insertAt, variableToken } from "./campaign-variables";

describe("a variable put into the message", () => {
  it("goes at the caret, which moves after it", () => {
    expect(insertAt("Hello !", variableToken("firstName"), 6, 6)).toEqual({ text: "Hello {{firstName}}!", caret: 19 });
  });

  it("replaces the selected text", () => {
    expect(insertAt("Hi NAME, welcome", variableToken("name"), 3, 7)).toEqual({ text: "Hi {{name}}, welcome", caret: 11 });
  });

  it("goes at the end without a caret, and positions beyond the text are taken as its end", () => {
    expect(insertAt("Hi ", "{{name}}", null, null)).toEqual({ text: "Hi {{name}}", caret: 11 });
    expect(insertAt("Hi", "{{name}}", 40, 50)).toEqual({ text: "Hi{{name}}", caret: 10 });
    expect(insertAt("Hi", "{{name}}", 2, 0)).toEqual({ text: "Hi{{name}}", caret: 10 });
  });
});

describe("the custom fields offered", () => {
  it("are the contacts' field names, once each, trimmed and sorted, blank names left out", () => {
    const contacts = [{ extraInfo: [{ name: "city" }, { name: " plan " }] }, { extraInfo: [{ name: "city" }, { name: "  " }, { name: "age" }] }];
    expect(customFieldNames(contacts)).toEqual(["age", "city", "plan"]);
  });
});
