import { afterEach, describe, expect, it } from "vitest";
import { browserTimeZone, displayTimeZone, setDisplayTimeZone, wallClock, zonedMoment } from "./time-zone";

describe("the display time zone", () => {
  afterEach(() => setDisplayTimeZone(browserTimeZone()));

  it("reads dates on the install's clock once the config sets it, and keeps it on an unknown name", () => {
    setDisplayTimeZone("Asia/Tokyo");
    setDisplayTimeZone("Mars/Olympus");
    expect(displayTimeZone()).toBe("Asia/Tokyo");
    expect(wallClock(new Date("2026-01-04T23:30:00Z")).day).toBe(5);
    expect(zonedMoment("2026-01-06")?.toISOString()).toBe("2026-01-05T15:00:00.000Z");
  });
});
