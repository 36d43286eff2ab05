import type { serverEvents, ServerEventName, ServerEventPayload } from "@atendo/contracts";

type Listener = (payload: unknown) => void;

/** The part of a socket.io client the hub needs. */
export interface SocketLike {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
}

export type ServerEventHandler<E extends ServerEventName> = (payload: ServerEventPayload<E>) => void;

/** The contracts' schema of each event (`serverEvents`), handed in with the socket: the hub itself carries no zod. */
export type ServerEventSchemas = typeof serverEvents;

/**
 * Server events for the whole app: one socket listener per event name that has subscribers,
 * which parses the payload with its contract schema once and hands the result to every handler.
 * A payload that does not parse is dropped (reported to `onInvalid`), never thrown.
 */
export function createServerEventHub(onInvalid: (name: ServerEventName, error: unknown) => void = () => undefined) {
  const handlers = new Map<ServerEventName, Set<(payload: never) => void>>();
  const listeners = new Map<ServerEventName, Listener>();
  let source: SocketLike | null = null;
  let schemas: ServerEventSchemas | null = null;

  function listenerOf(name: ServerEventName): Listener {
    let listener = listeners.get(name);
    if (!listener) {
      listener = (payload) => {
        // Events only come from an attached socket, which came with the schemas.
        const parsed = schemas?.[name].safeParse(payload);
        if (!parsed) return;
        if (!parsed.success) return onInvalid(name, parsed.error);
        // A copy: a handler may unsubscribe (or subscribe another) while the event is handed out.
        for (const handler of [...(handlers.get(name) ?? [])]) (handler as Listener)(parsed.data);
      };
      listeners.set(name, listener);
    }
    return listener;
  }

  return {
    /**
     * Moves the listeners to another socket (or none, signed out); subscribers stay. The schemas
     * come with the socket, both downloaded once there is a session (lib/socket.ts).
     */
    attach(next: SocketLike | null, eventSchemas: ServerEventSchemas | null = null): void {
      if (eventSchemas) schemas = eventSchemas;
      if (next === source) return;
      for (const name of handlers.keys()) source?.off(name, listenerOf(name));
      source = next;
      for (const name of handlers.keys()) source?.on(name, listenerOf(name));
    },
    /** Calls `handler` with each parsed `name` event until the returned function is called. */
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
