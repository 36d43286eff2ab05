import { describe, expect, it } from "vitest";
import { formatDateTime } from "./date-format";

describe("formatDateTime", () => {
  it("writes dd/MM/yy HH:mm in local time", () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7).toISOString())).toBe("05/01/26 09:07");
  });

  it("gives an empty text for an invalid date", () => {
    expect(formatDateTime("not a date")).toBe("");
  });
});
