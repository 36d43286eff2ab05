import type { SettingsEvent } from "@atendo/contracts";
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
  it("hands each event to every handler of its name, checked once", () => {
    const socket = fakeSocket();
    const hub = createServerEventHub();
    hub.attach(socket);
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    hub.subscribe("settings", first);
    hub.subscribe("settings", second);
    hub.subscribe("user", other);

    socket.emit("settings", setting);

    expect(socket.count("settings")).toBe(1);
    expect(first).toHaveBeenCalledWith(setting);
    expect(second).toHaveBeenCalledWith(setting);
    expect(other).not.toHaveBeenCalled();
  });

  it.each([
    ["not an object", "settings", "update"],
    ["an array", "settings", []],
    ["without an action", "settings", { setting: setting.setting }],
    ["an action this build does not know (a newer server's)", "settings", { action: "reset", setting: setting.setting }],
    ["an inherited name as action", "settings", { action: "toString", setting: setting.setting }],
    ["without the record its action carries", "settings", { action: "update" }],
    ["a record that is not an object", "settings", { action: "update", setting: null }],
    ["a removal without a numeric id", "user", { action: "delete", userId: "7" }],
    ["a session's end without its reason as text", "session", { action: "ended", reason: 3 }],
  ] as const)("drops a payload %s, reporting it instead of throwing", (_, name, payload) => {
    const socket = fakeSocket();
    const onInvalid = vi.fn();
    const hub = createServerEventHub(onInvalid);
    hub.attach(socket);
    const handler = vi.fn();
    hub.subscribe(name, handler);

    expect(() => socket.emit(name, payload)).not.toThrow();

    expect(handler).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith(name, payload);
  });

  it("accepts every action of an event with what it carries", () => {
    const socket = fakeSocket();
    const hub = createServerEventHub();
    hub.attach(socket);
    const handler = vi.fn();
    hub.subscribe("user", handler);

    socket.emit("user", { action: "update", user: { id: 7 } });
    socket.emit("user", { action: "delete", userId: 7 });

    expect(handler.mock.calls).toEqual([[{ action: "update", user: { id: 7 } }], [{ action: "delete", userId: 7 }]]);
  });

  it("keeps one socket listener per name while handlers come and go", () => {
    const socket = fakeSocket();
    const hub = createServerEventHub();
    hub.attach(socket);
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
    hub.attach(old);
    const fresh = fakeSocket();
    hub.attach(fresh);

    old.emit("settings", setting);
    fresh.emit("settings", setting);

    expect(old.count("settings")).toBe(0);
    expect(handler).toHaveBeenCalledTimes(1);
    hub.attach(null);
    expect(fresh.count("settings")).toBe(0);
  });
});
