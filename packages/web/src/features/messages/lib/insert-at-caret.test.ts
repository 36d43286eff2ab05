import { describe, expect, it } from "vitest";
import { withRecent } from "./emoji-sets";
import { insertAtCaret } from "./insert-at-caret";

describe("insertAtCaret", () => {
  it("inserts at the caret and moves the caret after the insert", () => {
    expect(insertAtCaret("Hello world", "👋 ", 6, 6)).toEqual({ text: "Hello 👋 world", caret: 9 });
  });

  it("replaces the selected text", () => {
    expect(insertAtCaret("I am sad today", "😊", 5, 8)).toEqual({ text: "I am 😊 today", caret: 7 });
  });

  it("appends when the input has no selection or a stale one", () => {
    expect(insertAtCaret("Hi", "!", null, null)).toEqual({ text: "Hi!", caret: 3 });
    expect(insertAtCaret("Hi", "!", 10, 12)).toEqual({ text: "Hi!", caret: 3 });
    expect(insertAtCaret("Hi", "!", 1, 0)).toEqual({ text: "H!i", caret: 2 });
  });
});

describe("withRecent", () => {
  it("puts the emoji first once and keeps at most 16", () => {
    expect(withRecent(["👍", "😀", "🎉"], "😀")).toEqual(["😀", "👍", "🎉"]);
    const many = Array.from({ length: 16 }, (_, index) => String(index));
    expect(withRecent(many, "x")).toHaveLength(16);
    expect(withRecent(many, "x")[0]).toBe("x");
    expect(withRecent(many, "x")).not.toContain("15");
  });
});
