import { describe, expect, it } from "vitest";
import { contactFormDefaults, contactFormSchema } from "./contact-form.schema";

const base = { name: "Maria Lima", number: "5511987654321", email: "", extraInfo: [] };

describe("contact form schema", () => {
  it("takes a number as people type it, creating as editing, and refuses what is no number once normalised (0069)", () => {
    const schema = contactFormSchema();
    expect(schema.safeParse(base).success).toBe(true);
    expect(schema.safeParse({ ...base, number: "+55 (21) 99999-0000" }).success).toBe(true);
    expect(schema.safeParse({ ...base, number: "1234567" }).success).toBe(false);
    expect(schema.safeParse({ ...base, number: "call me" }).success).toBe(false);
  });

  it("treats an empty email as none and checks a given one", () => {
    const schema = contactFormSchema();
    expect(schema.parse(base).email).toBeNull();
    expect(schema.parse({ ...base, email: " Maria@Example.com " }).email).toBe("maria@example.com");
    expect(schema.safeParse({ ...base, email: "maria@" }).success).toBe(false);
  });

  it("keeps the ids of extra info pairs and requires their names", () => {
    const schema = contactFormSchema();
    const parsed = schema.parse({ ...base, extraInfo: [{ id: 3, name: " CPF ", value: "123" }, { name: "Plan", value: "" }] });
    expect(parsed.extraInfo).toEqual([
      { id: 3, name: "CPF", value: "123" },
      { name: "Plan", value: "" },
    ]);
    expect(schema.safeParse({ ...base, extraInfo: [{ name: " ", value: "x" }] }).success).toBe(false);
  });

  it("fills the form from a contact", () => {
    const contact = {
      id: 1,
      name: "Maria",
      number: "5511987654321",
      email: null,
      profilePicUrl: null,
      isGroup: false,
      extraInfo: [{ id: 9, name: "CPF", value: "123" }],
      tags: [],
      optedOut: false,
      optedOutAt: null,
      createdAt: "",
      updatedAt: "",
    };
    expect(contactFormDefaults(contact)).toEqual({
      name: "Maria",
      number: "5511987654321",
      email: "",
      extraInfo: [{ id: 9, name: "CPF", value: "123" }],
    });
  });
});
