import { limits } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { messageLength } from "./message-length";

describe("messageLength", () => {
  it("stays hidden well below the limit", () => {
    expect(messageLength("hello", 100)).toEqual({ length: 5, max: 100, shown: false, over: 0 });
    expect(messageLength(null, 100)).toEqual({ length: 0, max: 100, shown: false, over: 0 });
  });

  it("shows from 90% of the limit, with nothing over up to the limit itself", () => {
    expect(messageLength("x".repeat(89), 100).shown).toBe(false);
    expect(messageLength("x".repeat(90), 100)).toEqual({ length: 90, max: 100, shown: true, over: 0 });
    expect(messageLength("x".repeat(100), 100).over).toBe(0);
  });

  it("counts what is over the limit", () => {
    expect(messageLength("x".repeat(4120), 4096)).toEqual({ length: 4120, max: 4096, shown: true, over: 24 });
  });

  it("uses the server's message body limit by default", () => {
    expect(messageLength("x".repeat(limits.messageBodyMax + 1)).over).toBe(1);
  });
});
