import type { SessionEndReason, User } from "@atendo/contracts";
import { useSyncExternalStore } from "react";
import { clearToken, getToken, setToken } from "./local-storage";
import { noteTokenReceived } from "./token-clock";

/**
 * Who is signed in. A tiny external store so that the http client (outside React) can start and
 * end the session, and the route guards re-render when it changes.
 */
export type SessionState =
  | { status: "loading" }
  /** `endedBecause`: the server ended the sign-in while it was open (the sign-in page says why). */
  | { status: "anonymous"; endedBecause?: SessionEndReason }
  /**
   * `mustEnrol`: every user must have a second factor and this one has none; the server answers
   * only the enrolment until they set it up (docs/decisions/0095), so the app shows just that.
   */
  | { status: "authenticated"; user: User; token: string; mustEnrol?: boolean };

let state: SessionState = getToken() ? { status: "loading" } : { status: "anonymous" };
const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores the token and makes the user the current one (login, refresh). */
export function startSession(session: { token: string; user: User; twoFactorEnrolmentRequired?: boolean }): void {
  setToken(session.token);
  noteTokenReceived(session.token);
  state = { status: "authenticated", user: session.user, token: session.token, mustEnrol: session.twoFactorEnrolmentRequired === true };
  emit();
}

/** The second factor is set up: the sign-in reaches the whole app now. */
export function finishEnrolment(): void {
  if (state.status !== "authenticated" || !state.mustEnrol) return;
  state = { ...state, mustEnrol: false };
  emit();
}

/** Replaces the signed-in user's data (after editing the own profile). */
export function updateSessionUser(user: User): void {
  if (state.status !== "authenticated" || state.user.id !== user.id) return;
  state = { ...state, user };
  emit();
}

/** Anonymous without touching the stored token (e.g. the server could not be reached). */
export function markAnonymous(): void {
  state = { status: "anonymous" };
  emit();
}

/**
 * Drops the token and everything that belonged to the session (query cache, socket). `reason`:
 * the server ended it (docs/decisions/0065); kept when the session was already over, so the
 * clean-up that follows (a 401, a logout call) does not erase why.
 */
export function endSession(reason?: SessionEndReason): void {
  clearToken();
  const wasSignedIn = state.status !== "anonymous";
  state = { status: "anonymous", endedBecause: reason ?? (state.status === "anonymous" ? state.endedBecause : undefined) };
  if (wasSignedIn) for (const listener of endListeners) listener();
  emit();
}

/** Registers clean-up work that runs whenever a session ends. */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  const session = useSession();
  return session.status === "authenticated" ? session.user : null;
}
