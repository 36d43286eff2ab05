import { isDatabaseUnavailable } from "../core/db-errors.js";

/**
 * The error a refused socket handshake answers with (the client's `connect_error` message): a
 * catalogued code. The database being away is ERR_DATABASE_UNAVAILABLE (docs/decisions/0100),
 * never the namespace's refusal of the credentials (`refused`): a client told its sign-in or its
 * visitor token is bad would refresh or forget it, when it only has to connect again later. Checked
 * first: a driver's error carries a code of its own (ECONNREFUSED), which is no catalogued code.
 */
export function handshakeRefusal(error: unknown, refused: string): Error {
  if (isDatabaseUnavailable(error)) return new Error("ERR_DATABASE_UNAVAILABLE");
  return new Error((error as { code?: string }).code ?? refused);
}
