import { describe, expect, it } from "vitest";
import { createContactBody, normalizeNumber, updateContactBody } from "./contacts.js";

describe("contact numbers", () => {
  it("normalise to digits, so one phone written two ways is one number", () => {
    expect(normalizeNumber("+55 (11) 9 8765-4321")).toBe("5511987654321");
    expect(normalizeNumber("5511987654321")).toBe("5511987654321");
  });

  it("must be digits on create and may be formatted on update", () => {
    expect(createContactBody.safeParse({ name: "Ana", number: "+5511987654321" }).success).toBe(false);
    expect(updateContactBody.parse({ number: "+55 (11) 9 8765-4321" }).number).toBe("5511987654321");
    expect(updateContactBody.safeParse({ number: "call me" }).success).toBe(false);
  });

  it("turn an empty email into none", () => {
    expect(createContactBody.parse({ name: "Ana", number: "5511987654321", email: "" }).email).toBeNull();
  });
});
