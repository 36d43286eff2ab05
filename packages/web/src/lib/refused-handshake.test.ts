import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { databaseRetryMs, retryWhenDatabaseAway } from "./refused-handshake";

function fakeSocket(active = false) {
  return { active, connect: vi.fn() };
}

describe("retryWhenDatabaseAway", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("connects again after the retry delay when the database was away", () => {
    const socket = fakeSocket();
    expect(retryWhenDatabaseAway(new Error("ERR_DATABASE_UNAVAILABLE"), socket, () => true)).toBe(true);
    vi.advanceTimersByTime(databaseRetryMs - 1);
    expect(socket.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });

  it("leaves any other refusal to the caller", () => {
    const socket = fakeSocket();
    expect(retryWhenDatabaseAway(new Error("ERR_SESSION_EXPIRED"), socket, () => true)).toBe(false);
    vi.runAllTimers();
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it("does not reconnect a socket replaced or closed meanwhile", () => {
    const socket = fakeSocket();
    retryWhenDatabaseAway(new Error("ERR_DATABASE_UNAVAILABLE"), socket, () => false);
    vi.runAllTimers();
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it("does not connect a socket that is already connecting again", () => {
    const socket = fakeSocket(true);
    retryWhenDatabaseAway(new Error("ERR_DATABASE_UNAVAILABLE"), socket, () => true);
    vi.runAllTimers();
    expect(socket.connect).not.toHaveBeenCalled();
  });
});
