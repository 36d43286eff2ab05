import { limits, type User } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { createPayload, updatePayload, userFormDefaults, userFormSchema } from "./user-form.schema";

const values = {
  name: " Bia Souza ",
  email: "Bia@Example.com",
  password: "",
  currentPassword: "",
  extension: "",
  profile: "user" as const,
  queueIds: [2, 2, 3],
  whatsappId: 5,
  canSeeAllTicketHistory: true,
  maxOpenTickets: "",
};

describe("user form schema", () => {
  it("requires a password of 8 to 50 when creating", () => {
    const schema = userFormSchema("create");
    expect(schema.safeParse(values).success).toBe(false);
    expect(schema.safeParse({ ...values, password: "x".repeat(limits.userPassword.min - 1) }).success).toBe(false);
    expect(schema.safeParse({ ...values, password: "x".repeat(limits.userPassword.min) }).success).toBe(true);
    expect(schema.safeParse({ ...values, password: "x".repeat(limits.userPassword.max + 1) }).success).toBe(false);
  });

  it("keeps the password optional when editing", () => {
    const schema = userFormSchema("edit");
    expect(schema.safeParse(values).success).toBe(true);
    expect(schema.safeParse({ ...values, password: "short" }).success).toBe(false);
  });

  it("normalises like the server: trimmed name, lower-case email, empty extension as null, unique queues", () => {
    const parsed = userFormSchema("edit").parse(values);
    expect(parsed).toMatchObject({ name: "Bia Souza", email: "bia@example.com", extension: null, queueIds: [2, 3] });
    expect(userFormSchema("edit").safeParse({ ...values, extension: "12" }).success).toBe(false);
    expect(userFormSchema("edit").safeParse({ ...values, extension: "12a4" }).success).toBe(false);
  });

  it("leaves an empty password and, for non-admins, the admin fields out of the update", () => {
    const parsed = userFormSchema("edit").parse(values);
    expect(updatePayload(parsed, true)).toEqual({
      name: "Bia Souza",
      email: "bia@example.com",
      extension: null,
      profile: "user",
      queueIds: [2, 3],
      whatsappId: 5,
      canSeeAllTicketHistory: true,
      maxOpenTickets: null,
    });
    expect(updatePayload({ ...parsed, password: "new-password" }, false)).toEqual({
      name: "Bia Souza",
      email: "bia@example.com",
      extension: null,
      password: "new-password",
    });
    expect(createPayload({ ...parsed, password: "new-password" }, true)).toMatchObject({ password: "new-password", queueIds: [2, 3] });
  });

  it("asks for the current password with a new one only when editing oneself, and sends both", () => {
    const changing = { ...values, password: "new-password" };
    expect(userFormSchema("edit").safeParse(changing).success).toBe(true);
    const self = userFormSchema("edit", { self: true });
    expect(self.safeParse(values).success).toBe(true);
    const missing = self.safeParse(changing);
    expect(missing.error?.issues.map((issue) => issue.path)).toEqual([["currentPassword"]]);
    const parsed = self.parse({ ...changing, currentPassword: "old-password" });
    expect(updatePayload(parsed, true)).toMatchObject({ password: "new-password", currentPassword: "old-password" });
    // Typed, then the new password cleared again: nothing about passwords is sent.
    expect(updatePayload(self.parse({ ...values, currentPassword: "old-password" }), true)).not.toHaveProperty("currentPassword");
  });

  it("reads the capacity as empty (unlimited) or a whole number within the limits, sent by admins only", () => {
    const schema = userFormSchema("edit");
    expect(updatePayload(schema.parse({ ...values, maxOpenTickets: " 12 " }), true)).toMatchObject({ maxOpenTickets: 12 });
    expect(updatePayload(schema.parse({ ...values, maxOpenTickets: "" }), true)).toMatchObject({ maxOpenTickets: null });
    expect(updatePayload(schema.parse({ ...values, maxOpenTickets: "12" }), false)).not.toHaveProperty("maxOpenTickets");
    for (const typed of ["0", "-1", "1.5", "abc", String(limits.maxOpenTickets.max + 1)]) {
      expect(schema.safeParse({ ...values, maxOpenTickets: typed }).success, typed).toBe(false);
    }
    expect(schema.safeParse({ ...values, maxOpenTickets: String(limits.maxOpenTickets.max) }).success).toBe(true);
  });

  it("sends a cleared default connection as null, so the server clears it, and admins only", () => {
    const parsed = userFormSchema("edit").parse({ ...values, whatsappId: null });
    expect(updatePayload(parsed, true)).toMatchObject({ whatsappId: null });
    expect(createPayload({ ...parsed, password: "new-password" }, true)).toMatchObject({ whatsappId: null });
    expect(updatePayload(parsed, false)).not.toHaveProperty("whatsappId");
    expect(userFormSchema("edit").safeParse({ ...values, whatsappId: 0 }).success).toBe(false);
  });

  it("fills the form from a user", () => {
    const user = {
      id: 7,
      name: "Caio",
      email: "caio@example.com",
      profile: "admin",
      extension: "1234",
      whatsappId: 9,
      whatsapp: { id: 9, name: "Sales line" },
      queues: [{ id: 4, name: "Sales", color: "#F44336" }],
      canSeeAllTicketHistory: false,
      maxOpenTickets: 6,
      isDeleted: false,
      createdAt: "",
      updatedAt: "",
    } satisfies User;
    expect(userFormDefaults(user)).toEqual({
      name: "Caio",
      email: "caio@example.com",
      password: "",
      currentPassword: "",
      extension: "1234",
      profile: "admin",
      queueIds: [4],
      whatsappId: 9,
      canSeeAllTicketHistory: false,
      maxOpenTickets: "6",
    });
  });
});
