import { describe, expect, it } from "vitest";
import { contactNumberOf, createContactBody, normalizeNumber, updateContactBody } from "./contacts.js";

describe("contact numbers", () => {
  it("normalise to digits, so one phone written two ways is one number", () => {
    expect(normalizeNumber("+55 (11) 9 8765-4321")).toBe("5511987654321");
    expect(normalizeNumber("5511987654321")).toBe("5511987654321");
  });

  it("are read one way, typed as people type them: digits kept, + spaces brackets dashes and dots dropped (0069)", () => {
    expect(contactNumberOf("+55 (21) 99999-0000")).toBe("5521999990000");
    expect(contactNumberOf(" 55.21.99999.0000 ")).toBe("5521999990000");
    expect(contactNumberOf("5521999990000")).toBe("5521999990000");
    // Still not a number once normalised: letters, too few or too many digits.
    expect(contactNumberOf("call me")).toBeNull();
    expect(contactNumberOf("+55 21 999")).toBeNull();
    expect(contactNumberOf("9".repeat(51))).toBeNull();
    expect(contactNumberOf("")).toBeNull();
  });

  it("may be formatted on create as on update, and are stored as digits", () => {
    expect(createContactBody.parse({ name: "Ana", number: "+55 (21) 99999-0000" }).number).toBe("5521999990000");
    expect(updateContactBody.parse({ number: "+55 (11) 9 8765-4321" }).number).toBe("5511987654321");
    expect(createContactBody.safeParse({ name: "Ana", number: "call me" }).success).toBe(false);
    expect(updateContactBody.safeParse({ number: "call me" }).success).toBe(false);
  });

  it("turn an empty email into none", () => {
    expect(createContactBody.parse({ name: "Ana", number: "5511987654321", email: "" }).email).toBeNull();
  });
});
