import { describe, expect, it } from "vitest";
import { formatDay, formatDuration, formatTime, startsNewDay } from "./message-dates";

describe("message dates", () => {
  const morning = new Date(2026, 0, 5, 8, 7).toISOString();
  const evening = new Date(2026, 0, 5, 23, 59).toISOString();
  const nextDay = new Date(2026, 0, 6, 0, 1).toISOString();

  it("writes the day as dd/MM/yyyy and the time as HH:mm, on the install's clock (the machine's until told)", () => {
    expect(formatDay(morning)).toBe("05/01/2026");
    expect(formatTime(morning)).toBe("08:07");
    expect(formatDay("nope")).toBe("");
  });

  it("puts a separator above the first message and at each new day", () => {
    expect(startsNewDay(undefined, morning)).toBe(true);
    expect(startsNewDay(morning, evening)).toBe(false);
    expect(startsNewDay(evening, nextDay)).toBe(true);
  });

  it("counts recording time as mm:ss", () => {
    expect(formatDuration(0)).toBe("00:00");
    expect(formatDuration(65.9)).toBe("01:05");
    expect(formatDuration(-3)).toBe("00:00");
  });
});
