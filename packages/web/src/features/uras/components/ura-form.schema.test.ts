import type { Ura } from "@atendo/contracts";
import { updateUraBody } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { emptyRow, uraBody, uraFormDefaults, uraFormSchema, type UraFormInput } from "./ura-form.schema";

const at = "2026-03-10T10:00:00.000Z";
const saved: Ura = {
  id: 7,
  name: "Main",
  description: "Choose an option",
  directDial: false,
  uraItems: [
    { id: 1, uraId: 7, selector: "1", menuName: "Sales", destination: { destinationType: "queue", destinationTypeId: 3 } },
    { id: 2, uraId: 7, selector: "2", menuName: "Support", destination: { destinationType: "queue", destinationTypeId: 4 } },
    { id: 3, uraId: 7, selector: "9", menuName: "Hours", destination: { destinationType: "announcements", destinationTypeId: 5 } },
  ],
  createdAt: at,
  updatedAt: at,
};

function parse(input: UraFormInput) {
  const result = uraFormSchema.safeParse(input);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe("URA form", () => {
  it("starts a new menu with one empty row and an edited one with its saved rows", () => {
    expect(uraFormDefaults(undefined).rows).toEqual([emptyRow()]);
    expect(uraFormDefaults(saved).rows[2]).toEqual({ itemId: 3, selector: "9", menuName: "Hours", destinationType: "announcements", destinationTypeId: "5" });
  });

  it("requires a selector of at most two characters, a menu name and a destination on every row", () => {
    const input = uraFormDefaults(saved);
    expect(uraFormSchema.safeParse({ ...input, rows: [{ ...input.rows[0], selector: "123" }] }).success).toBe(false);
    expect(uraFormSchema.safeParse({ ...input, rows: [{ ...input.rows[0], selector: " " }] }).success).toBe(false);
    expect(uraFormSchema.safeParse({ ...input, rows: [{ ...input.rows[0], destinationTypeId: "" }] }).success).toBe(false);
    expect(uraFormSchema.safeParse({ ...input, rows: [{ ...input.rows[0], destinationType: "" }] }).success).toBe(false);
    expect(uraFormSchema.safeParse({ ...input, rows: [] }).success).toBe(false);
  });

  it("refuses two rows with the same selector, whatever the case, on the second row", () => {
    const input = uraFormDefaults(saved);
    const result = uraFormSchema.safeParse({ ...input, rows: [{ ...input.rows[0], selector: "a" }, { ...input.rows[1], selector: " A" }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["rows", 1, "selector"]]);
  });

  it("sends a new menu's rows without ids or actions", () => {
    const values = parse({ ...uraFormDefaults(undefined), name: "Main", description: "Pick", rows: [{ ...emptyRow(), selector: "1", menuName: "Sales", destinationType: "queue", destinationTypeId: "3" }] });
    expect(uraBody(values)).toEqual({
      name: "Main",
      description: "Pick",
      directDial: false,
      uraItems: [{ selector: "1", menuName: "Sales", destinationType: "queue", destinationTypeId: 3 }],
    });
  });

  it("marks an edit's rows: create for added, update for changed, delete for removed saved rows, unchanged by id", () => {
    const input = uraFormDefaults(saved);
    const [sales, support] = input.rows;
    const values = parse({
      ...input,
      directDial: true,
      rows: [sales!, { ...support!, menuName: "Help desk" }, { ...emptyRow(), selector: "9", menuName: "Menu 2", destinationType: "uras", destinationTypeId: "8" }],
    });
    const body = uraBody(values, saved);
    expect(body).toEqual({
      name: "Main",
      description: "Choose an option",
      directDial: true,
      action: "update",
      uraItems: [
        { id: 3, selector: "9", menuName: "Hours", destinationType: "announcements", destinationTypeId: 5, action: "delete" },
        { id: 1, selector: "1", menuName: "Sales", destinationType: "queue", destinationTypeId: 3 },
        { id: 2, selector: "2", menuName: "Help desk", destinationType: "queue", destinationTypeId: 4, action: "update" },
        { selector: "9", menuName: "Menu 2", destinationType: "uras", destinationTypeId: 8, action: "create" },
      ],
    });
    expect(updateUraBody.safeParse(body).success).toBe(true);
  });

  it("sends an untouched edit's rows by id only (a row added then removed again never reaches the body)", () => {
    const input = uraFormDefaults(saved);
    const body = uraBody(parse(input), saved);
    expect(body.uraItems.map((item) => item.action ?? "keep")).toEqual(["keep", "keep", "keep"]);
  });

  it("counts a changed destination as a change", () => {
    const input = uraFormDefaults(saved);
    const values = parse({ ...input, rows: input.rows.map((row) => (row.itemId === 1 ? { ...row, destinationTypeId: "4" } : row)) });
    expect(uraBody(values, saved).uraItems[0]).toMatchObject({ id: 1, destinationTypeId: 4, action: "update" });
  });
});
