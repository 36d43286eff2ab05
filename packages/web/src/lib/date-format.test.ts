import { afterEach, describe, expect, it } from "vitest";
import { dateTimeLocal, formatDate, formatDateTime, formatListTime, formatTime, isoDay } from "./date-format";
import { browserTimeZone, setDisplayTimeZone } from "./time-zone";

// 2026-01-05 23:30 UTC: already the 6th in Tokyo (+9), still the 5th in São Paulo (−3).
const lateEvening = "2026-01-05T23:30:00.000Z";

afterEach(() => setDisplayTimeZone(browserTimeZone()));

describe("formatDateTime", () => {
  it("writes dd/MM/yy HH:mm on the given zone's clock, not the machine's", () => {
    expect(formatDateTime(lateEvening, "Asia/Tokyo")).toBe("06/01/26 08:30");
    expect(formatDateTime(lateEvening, "America/Sao_Paulo")).toBe("05/01/26 20:30");
    expect(formatDateTime(lateEvening, "Asia/Kolkata")).toBe("06/01/26 05:00");
  });

  it("reads the install's zone once the public config set it", () => {
    // Whichever of the two is not the machine's zone proves the machine's clock is not used.
    const zone = browserTimeZone() === "Asia/Tokyo" ? "America/Sao_Paulo" : "Asia/Tokyo";
    setDisplayTimeZone(zone);
    expect(formatDateTime(lateEvening)).toBe(zone === "Asia/Tokyo" ? "06/01/26 08:30" : "05/01/26 20:30");
  });

  it("ignores an unknown zone name", () => {
    setDisplayTimeZone("Asia/Tokyo");
    setDisplayTimeZone("Mars/Olympus");
    expect(formatDateTime(lateEvening)).toBe("06/01/26 08:30");
  });

  it("writes midnight as 00, and keeps the machine's zone until told (local-time inputs)", () => {
    expect(formatDateTime("2026-03-01T15:00:00.000Z", "Asia/Tokyo")).toBe("02/03/26 00:00");
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7).toISOString())).toBe("05/01/26 09:07");
  });

  it("gives an empty text for an invalid date", () => {
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("formatListTime", () => {
  // 2026-03-10 15:30 in São Paulo is 18:30 UTC, and already the 11th (03:30) in Tokyo.
  const now = new Date("2026-03-10T18:30:00.000Z");

  it("shows HH:mm for a time of the zone's today", () => {
    expect(formatListTime("2026-03-10T03:05:00.000Z", now, "America/Sao_Paulo")).toBe("00:05");
    expect(formatListTime("2026-03-10T16:00:00.000Z", now, "Asia/Tokyo")).toBe("01:00");
  });

  it("shows dd/MM/yy for another day of the zone, also yesterday late at night", () => {
    expect(formatListTime("2026-03-10T02:59:00.000Z", now, "America/Sao_Paulo")).toBe("09/03/26");
    expect(formatListTime("2026-03-10T12:00:00.000Z", now, "Asia/Tokyo")).toBe("10/03/26");
  });

  it("gives an empty text for an invalid date", () => {
    expect(formatListTime("nope", now)).toBe("");
  });
});

describe("day and time", () => {
  it("writes dd/MM/yyyy and HH:mm on the zone's clock", () => {
    expect(formatDate(lateEvening, "Asia/Tokyo")).toBe("06/01/2026");
    expect(formatDate(lateEvening, "America/Sao_Paulo")).toBe("05/01/2026");
    expect(formatTime(lateEvening, "Asia/Kolkata")).toBe("05:00");
    expect(formatTime("nope", "Asia/Kolkata")).toBe("");
  });

  it("gives the day and a datetime-local text of a moment", () => {
    const moment = new Date(lateEvening);
    expect(isoDay(moment, "Asia/Tokyo")).toBe("2026-01-06");
    expect(isoDay(moment, "America/Sao_Paulo")).toBe("2026-01-05");
    expect(dateTimeLocal(moment, "America/Sao_Paulo")).toBe("2026-01-05T20:30");
  });
});
