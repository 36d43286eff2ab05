import { describe, expect, it } from "vitest";
import { ForegroundWork } from "./foreground-work.js";

describe("foreground work", () => {
  it("is quiet at once with nothing in flight", async () => {
    const work = new ForegroundWork();
    let resolved = false;
    await work.whenQuiet(60_000).then(() => (resolved = true));
    expect(resolved).toBe(true);
  });

  it("lets a waiter go when the last request ends, and counts an end once", async () => {
    const work = new ForegroundWork();
    const endFirst = work.begin();
    const endSecond = work.begin();
    let quiet = false;
    const waiting = work.whenQuiet(60_000).then(() => (quiet = true));
    endFirst();
    endFirst();
    await Promise.resolve();
    expect(quiet, "one request still runs").toBe(false);
    expect(work.busy).toBe(1);
    endSecond();
    await waiting;
    expect(quiet).toBe(true);
    expect(work.busy).toBe(0);
  });

  it("stops waiting after its bound while requests keep coming", async () => {
    const work = new ForegroundWork();
    work.begin();
    const started = Date.now();
    await work.whenQuiet(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(work.busy).toBe(1);
  });
});
