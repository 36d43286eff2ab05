import { ApiError } from "./api-error";
import { refreshSession } from "./http";
import { getToken, storageKeys } from "./local-storage";
import { endSession, getSession, markAnonymous } from "./session";

/**
 * On app load: a stored token means "maybe signed in"; the refresh cookie tells. The app shows a
 * spinner meanwhile (session status "loading"), so /login never flashes for a signed-in user.
 */
export async function bootstrapSession(): Promise<void> {
  if (getSession().status !== "loading") return;
  try {
    await refreshSession();
  } catch (error) {
    // A refused refresh already ended the session; an unreachable server keeps the token for later.
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) markAnonymous();
  }
  if (getSession().status === "loading") markAnonymous();
}

/** Logging out in another tab removes the shared token: end the session here too. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    const tokenGone = (event.key === storageKeys.token || event.key === null) && !getToken();
    if (tokenGone && getSession().status === "authenticated") endSession();
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
