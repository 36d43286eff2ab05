import { describe, expect, it } from "vitest";
import { formatDateTime, formatListTime } from "./date-format";

describe("formatDateTime", () => {
  it("writes dd/MM/yy HH:mm in local time", () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7).toISOString())).toBe("05/01/26 09:07");
  });

  it("gives an empty text for an invalid date", () => {
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("formatListTime", () => {
  const now = new Date(2026, 2, 10, 15, 30);

  it("shows HH:mm for a time of today", () => {
    expect(formatListTime(new Date(2026, 2, 10, 0, 5).toISOString(), now)).toBe("00:05");
  });

  it("shows dd/MM/yy for another day, also yesterday late at night", () => {
    expect(formatListTime(new Date(2026, 2, 9, 23, 59).toISOString(), now)).toBe("09/03/26");
    expect(formatListTime(new Date(2025, 2, 10, 12, 0).toISOString(), now)).toBe("10/03/25");
  });

  it("gives an empty text for an invalid date", () => {
    expect(formatListTime("nope", now)).toBe("");
  });
});
