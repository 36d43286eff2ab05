/**
 * Whether the server answered lately, as reported by the HTTP client and the socket (both call
 * these; lib/connectivity.ts reacts). A module of its own, importing nothing, so the HTTP client
 * can report without depending on what reacts to it.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === unreachable) return;
  unreachable = next;
  for (const listener of listeners) listener();
}

/** A request or the socket got an answer (any status): the server is there. */
export function reportServerAnswered(): void {
  set(false);
}

/** A request or the socket got no answer at all. */
export function reportServerUnreachable(): void {
  set(true);
}

export function serverUnreachable(): boolean {
  return unreachable;
}

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
