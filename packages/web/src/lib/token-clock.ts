/**
 * Knows when the access token expires, so the http client refreshes before sending instead of
 * collecting a 403 first. The device clock may be off: the offset to the server's clock is
 * measured when a token arrives (its `iat` is "now" on the server).
 */
let clock: { token: string; offsetMs: number } | null = null;

/** `iat` and `exp` (seconds) of a JWT, or null when the token is not a readable JWT. */
function tokenTimes(token: string): { iat: number; exp: number } | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as unknown;
    if (typeof claims === "object" && claims !== null && "iat" in claims && "exp" in claims) {
      const { iat, exp } = claims;
      if (typeof iat === "number" && typeof exp === "number") return { iat, exp };
    }
  } catch {
    // Not a JWT: the server's ERR_TOKEN_EXPIRED remains the signal.
  }
  return null;
}

/** Call when a token was just issued (login, refresh). */
export function noteTokenReceived(token: string): void {
  const times = tokenTimes(token);
  clock = times ? { token, offsetMs: Date.now() - times.iat * 1000 } : null;
}

/** True when the token expires within `marginMs` (tokens never noted count from first sight). */
export function tokenExpiresSoon(token: string, marginMs = 5000): boolean {
  const times = tokenTimes(token);
  if (!times) return false;
  if (clock?.token !== token) clock = { token, offsetMs: Date.now() - times.iat * 1000 };
  return Date.now() - clock.offsetMs >= times.exp * 1000 - marginMs;
}
