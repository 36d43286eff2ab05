import { serverEventShapes, type ServerEventName, type ServerEventPayload } from "@atendo/contracts";

type Listener = (payload: unknown) => void;

/** The part of a socket.io client the hub needs. */
export interface SocketLike {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
}

export type ServerEventHandler<E extends ServerEventName> = (payload: ServerEventPayload<E>) => void;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether `payload` has the outline of a `name` event: an action this build knows, and at the top
 * level the records and numbers that action carries. The events come from our own server, typed by
 * the same contracts, so their records are not parsed (zod would be downloaded after every sign-in,
 * docs/decisions/0043); this check stops what could still reach a screen malformed: an action of a
 * newer server (after a release, until the update banner's reload) or a payload missing its record.
 */
export function hasEventShape(name: ServerEventName, payload: unknown): boolean {
  if (!isRecord(payload) || typeof payload.action !== "string") return false;
  const actions = serverEventShapes[name];
  // hasOwn: an action named like an Object.prototype member ("toString") is not a known one.
  const shape = actions && Object.hasOwn(actions, payload.action) ? actions[payload.action] : undefined;
  if (!shape) return false;
  return (
    shape.records.every((key) => isRecord(payload[key])) &&
    shape.numbers.every((key) => typeof payload[key] === "number") &&
    (shape.texts ?? []).every((key) => typeof payload[key] === "string")
  );
}

/**
 * Server events for the whole app: one socket listener per event name that has subscribers, which
 * checks the payload's outline once and hands it to every handler. A payload of another outline is
 * dropped (reported to `onInvalid`), never thrown.
 */
export function createServerEventHub(onInvalid: (name: ServerEventName, payload: unknown) => void = () => undefined) {
  const handlers = new Map<ServerEventName, Set<(payload: never) => void>>();
  const listeners = new Map<ServerEventName, Listener>();
  let source: SocketLike | null = null;

  function listenerOf(name: ServerEventName): Listener {
    let listener = listeners.get(name);
    if (!listener) {
      listener = (payload) => {
        if (!hasEventShape(name, payload)) return onInvalid(name, payload);
        // A copy: a handler may unsubscribe (or subscribe another) while the event is handed out.
        for (const handler of [...(handlers.get(name) ?? [])]) (handler as Listener)(payload);
      };
      listeners.set(name, listener);
    }
    return listener;
  }

  return {
    /** Moves the listeners to another socket (or none, signed out); subscribers stay. */
    attach(next: SocketLike | null): void {
      if (next === source) return;
      for (const name of handlers.keys()) source?.off(name, listenerOf(name));
      source = next;
      for (const name of handlers.keys()) source?.on(name, listenerOf(name));
    },
    /** Calls `handler` with each well-formed `name` event until the returned function is called. */
    subscribe<E extends ServerEventName>(name: E, handler: ServerEventHandler<E>): () => void {
      // Its own entry, so the same function subscribed twice is called twice and removed once.
      const entry: ServerEventHandler<E> = (payload) => handler(payload);
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        source?.on(name, listenerOf(name));
      }
      set.add(entry);
      return () => {
        if (!set.delete(entry) || set.size > 0) return;
        handlers.delete(name);
        source?.off(name, listenerOf(name));
      };
    },
  };
}

export type ServerEventHub = ReturnType<typeof createServerEventHub>;
