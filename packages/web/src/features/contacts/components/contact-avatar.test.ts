import { describe, expect, it } from "vitest";
import { initials } from "./contact-avatar";

describe("initials", () => {
  it("takes the first letters of the first and last words", () => {
    expect(initials("Maria da Silva")).toBe("MS");
    expect(initials("  ana  ")).toBe("A");
    expect(initials("Élida Árbore")).toBe("ÉÁ");
  });

  it("skips words that do not start with a letter", () => {
    expect(initials("Cliente 01")).toBe("C");
    expect(initials("+55 11 9876")).toBe("");
  });
});
