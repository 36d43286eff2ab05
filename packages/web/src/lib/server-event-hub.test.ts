import { serverEvents, type SettingsEvent } from "@atendo/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createServerEventHub, type SocketLike } from "./server-event-hub";

/** A socket stand-in that counts its listeners and delivers what the test emits. */
function fakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket: SocketLike & { emit(name: string, payload: unknown): void; count(name: string): number } = {
    on(name, listener) {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(listener));
    },
    off(name, listener) {
      listeners.get(name)?.delete(listener);
    },
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) listener(payload);
    },
    count: (name) => listeners.get(name)?.size ?? 0,
  };
  return socket;
}

const setting: SettingsEvent = { action: "update", setting: { key: "userCreation", value: "enabled" } };

afterEach(() => vi.restoreAllMocks());

describe("server event hub", () => {
  it("parses each event once and hands the parsed payload to every handler of its name", () => {
    const socket = fakeSocket();
    const hub = createServerEventHub();
    hub.attach(socket, serverEvents);
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    hub.subscribe("settings", first);
    hub.subscribe("settings", second);
    hub.subscribe("user", other);
    const parse = vi.spyOn(serverEvents.settings, "safeParse");

    socket.emit("settings", { ...setting, unknownField: true });

    expect(socket.count("settings")).toBe(1);
    expect(parse).toHaveBeenCalledTimes(1);
    // The schema's output (unknown keys dropped), not the raw payload.
    expect(first).toHaveBeenCalledWith(setting);
    expect(second).toHaveBeenCalledWith(setting);
    expect(other).not.toHaveBeenCalled();
  });

  it("drops a payload that does not match its schema, reporting it instead of throwing", () => {
    const socket = fakeSocket();
    const onInvalid = vi.fn();
    const hub = createServerEventHub(onInvalid);
    hub.attach(socket, serverEvents);
    const handler = vi.fn();
    hub.subscribe("settings", handler);

    expect(() => socket.emit("settings", { action: "update", setting: { key: 1 } })).not.toThrow();

    expect(handler).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith("settings", expect.anything());
  });

  it("keeps one socket listener per name while handlers come and go", () => {
    const socket = fakeSocket();
    const hub = createServerEventHub();
    hub.attach(socket, serverEvents);
    const handler = vi.fn();
    const stopFirst = hub.subscribe("settings", handler);
    const stopSecond = hub.subscribe("settings", handler);
    socket.emit("settings", setting);
    expect(handler).toHaveBeenCalledTimes(2);

    stopFirst();
    stopFirst();
    expect(socket.count("settings")).toBe(1);
    socket.emit("settings", setting);
    expect(handler).toHaveBeenCalledTimes(3);

    stopSecond();
    expect(socket.count("settings")).toBe(0);
  });

  it("moves its listeners to the next socket, and subscriptions made while signed out start working", () => {
    const hub = createServerEventHub();
    const handler = vi.fn();
    hub.subscribe("settings", handler);
    const old = fakeSocket();
    hub.attach(old, serverEvents);
    const fresh = fakeSocket();
    hub.attach(fresh, serverEvents);

    old.emit("settings", setting);
    fresh.emit("settings", setting);

    expect(old.count("settings")).toBe(0);
    expect(handler).toHaveBeenCalledTimes(1);
    hub.attach(null);
    expect(fresh.count("settings")).toBe(0);
  });
});
