import { patternProblem, type AutomationCondition } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { conditionHolds, ruleMatches, type RuleFacts } from "./automation-match.js";

// 2026-11-30 is a Monday; 10:00 UTC is 07:00 in São Paulo (still Monday), 23:30 UTC is Tuesday in Tokyo.
const facts: RuleFacts = {
  queueId: 4,
  connectionId: 7,
  channelKind: "api",
  contactTagIds: [2, 9],
  text: "Quero a segunda via do BOLETO, por favor",
  withinHours: true,
  at: new Date("2026-11-30T10:00:00Z"),
};

/** [condition, holds] for every field and every op it takes. */
const table: [AutomationCondition, boolean][] = [
  [{ field: "queueId", op: "is", value: 4 }, true],
  [{ field: "queueId", op: "is", value: 5 }, false],
  [{ field: "queueId", op: "isNot", value: 5 }, true],
  [{ field: "queueId", op: "isNot", value: 4 }, false],
  [{ field: "connectionId", op: "is", value: 7 }, true],
  [{ field: "connectionId", op: "is", value: 8 }, false],
  [{ field: "connectionId", op: "isNot", value: 8 }, true],
  [{ field: "connectionId", op: "isNot", value: 7 }, false],
  [{ field: "channelKind", op: "is", value: "api" }, true],
  [{ field: "channelKind", op: "is", value: "whatsapp" }, false],
  [{ field: "channelKind", op: "isNot", value: "webchat" }, true],
  [{ field: "channelKind", op: "isNot", value: "api" }, false],
  [{ field: "contactTagId", op: "is", value: 9 }, true],
  [{ field: "contactTagId", op: "is", value: 3 }, false],
  [{ field: "contactTagId", op: "isNot", value: 3 }, true],
  [{ field: "contactTagId", op: "isNot", value: 2 }, false],
  [{ field: "text", op: "is", value: "quero a segunda via do boleto, POR FAVOR" }, true],
  [{ field: "text", op: "is", value: "boleto" }, false],
  [{ field: "text", op: "isNot", value: "boleto" }, true],
  [{ field: "text", op: "isNot", value: "QUERO A SEGUNDA VIA DO BOLETO, POR FAVOR" }, false],
  [{ field: "text", op: "contains", value: "Boléto" }, true],
  [{ field: "text", op: "contains", value: "fatura" }, false],
  [{ field: "text", op: "matches", value: "segunda via d[oa] bol[eé]to" }, true],
  [{ field: "text", op: "matches", value: "^boleto" }, false],
  [{ field: "withinHours", op: "is", value: true }, true],
  [{ field: "withinHours", op: "is", value: false }, false],
  [{ field: "withinHours", op: "isNot", value: false }, true],
  [{ field: "withinHours", op: "isNot", value: true }, false],
  [{ field: "weekday", op: "is", value: 1 }, true],
  [{ field: "weekday", op: "is", value: 2 }, false],
  [{ field: "weekday", op: "isNot", value: 0 }, true],
  [{ field: "weekday", op: "isNot", value: 1 }, false],
];

describe("automation conditions", () => {
  it.each(table)("%j holds: %s", (condition, holds) => {
    expect(conditionHolds(condition, facts, "UTC")).toBe(holds);
  });

  it("reads the weekday on the install's time zone", () => {
    const lateMonday = { ...facts, at: new Date("2026-11-30T23:30:00Z") };
    expect(conditionHolds({ field: "weekday", op: "is", value: 1 }, lateMonday, "UTC")).toBe(true);
    expect(conditionHolds({ field: "weekday", op: "is", value: 2 }, lateMonday, "Asia/Tokyo")).toBe(true);
    expect(conditionHolds({ field: "weekday", op: "is", value: 0 }, facts, "Pacific/Pago_Pago")).toBe(true);
  });

  it("needs all conditions to hold; none always holds", () => {
    expect(ruleMatches([], facts, "UTC")).toBe(true);
    expect(ruleMatches([table[0]![0], table[20]![0]], facts, "UTC")).toBe(true);
    expect(ruleMatches([table[0]![0], table[21]![0]], facts, "UTC")).toBe(false);
  });

  it("compares an event without text as empty", () => {
    const silent = { ...facts, text: "" };
    expect(conditionHolds({ field: "text", op: "contains", value: "boleto" }, silent, "UTC")).toBe(false);
    expect(conditionHolds({ field: "text", op: "isNot", value: "boleto" }, silent, "UTC")).toBe(true);
  });
});

describe("matches patterns", () => {
  it.each([
    ["(a+)+$", "unsafe"],
    ["(a*)*b", "unsafe"],
    ["(a|aa)+", "unsafe"],
    ["(x+x+)+y", "unsafe"],
    ["(\\w+\\s?){3,}", "unsafe"],
    ["(a)\\1", "unsafe"],
    ["a+a+b", "unsafe"],
    ["bol[eé]to\\s+\\d+", "unsafe"],
    ["a{1,1000}b{2,}", "unsafe"],
    ["([", "syntax"],
    ["", "length"],
    ["a".repeat(101), "length"],
    ["boleto|fatura", null],
    ["(?:segunda )?via", null],
    ["bol[eé]to\\s*\\d{1,12}", null],
    ["[*+]+ boleto", null],
    ["(boleto)+", null],
  ] as const)("%s: %s", (pattern, problem) => {
    expect(patternProblem(pattern)).toBe(problem);
  });

  it("runs an accepted pattern over a long text in bounded time", () => {
    const started = performance.now();
    const long = { ...facts, text: `${"a".repeat(50_000)}!` };
    expect(patternProblem("a+(b|c)")).toBeNull();
    expect(conditionHolds({ field: "text", op: "matches", value: "a+(b|c)" }, long, "UTC")).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
