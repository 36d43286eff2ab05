import { describe, expect, it } from "vitest";
import { insertMention, matchingCandidates, mentionAtCaret, mentionedIds } from "./mention-query";

const people = [
  { id: 1, name: "Ana Souza", seesTicket: false },
  { id: 2, name: "Bruno", seesTicket: true },
  { id: 3, name: "Beatriz Ana", seesTicket: true },
];

describe("the @ picker's text work", () => {
  it("finds the @ being typed, not an e-mail's or one already ended by a new line", () => {
    expect(mentionAtCaret("hello @Br", 9)).toEqual({ start: 6, query: "Br" });
    expect(mentionAtCaret("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAtCaret("mail ana@x", 10)).toBeNull();
    expect(mentionAtCaret("@Ana\nok", 7)).toBeNull();
  });

  it("matches a name's start or a later word's, those who may see the ticket first", () => {
    expect(matchingCandidates(people, "an").map((p) => p.id)).toEqual([3, 1]);
    expect(matchingCandidates(people, "").map((p) => p.id)).toEqual([2, 3, 1]);
    expect(matchingCandidates(people, "zz")).toEqual([]);
  });

  it("puts the name in the text and keeps only the mentions still written", () => {
    const at = mentionAtCaret("see @br now", 7)!;
    expect(insertMention("see @br now", at, "Bruno")).toEqual({ text: "see @Bruno  now", caret: 11 });
    expect(mentionedIds("hi @Bruno", [people[1]!, people[0]!])).toEqual([2]);
  });
});
