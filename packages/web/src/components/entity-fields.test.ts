import type { Destination } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { destinationField, entityForm, nameField, switchField, textField } from "./entity-fields";

interface Notice {
  id: number;
  name: string;
  text: string | null;
  urgent: boolean;
  destination: Destination;
}

const notice: Notice = { id: 4, name: "Hours", text: null, urgent: true, destination: { destinationType: "queue", destinationTypeId: 9 } };

const form = entityForm([
  nameField(z.string().trim().min(1).max(20)),
  textField("text", z.string().trim().max(100), { label: "announcements.description" }),
  switchField("urgent", { label: "announcements.name" }),
  destinationField((record: Notice) => record.destination),
]);

describe("entityForm", () => {
  it("gives a new record each field's empty value, and a saved one its own values", () => {
    expect(form.defaults(undefined, [])).toEqual({ name: "", text: "", urgent: false, destinationType: "", destinationItem: "" });
    expect(form.defaults(notice, [])).toEqual({ name: "Hours", text: "", urgent: true, destinationType: "queue", destinationItem: "9" });
  });

  it("validates with every field's schema and sends the values as the body", () => {
    expect(form.schema.safeParse({ ...form.defaults(notice, []), name: " " }).success).toBe(false);
    expect(form.schema.safeParse({ ...form.defaults(notice, []), destinationItem: "" }).success).toBe(false);
    const values = form.schema.parse({ ...form.defaults(notice, []), name: " Opening hours ", text: "Mon–Fri" });
    expect(form.toBody(values, notice, [])).toEqual({ name: "Opening hours", text: "Mon–Fri", urgent: true, destinationType: "queue", destinationItem: 9 });
  });

  it("holds the fields in the order they are given", () => {
    expect(Object.keys(form.schema.shape)).toEqual(["name", "text", "urgent", "destinationType", "destinationItem"]);
  });
});
