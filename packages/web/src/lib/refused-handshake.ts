/** How long a socket refused during a database outage waits before trying again (requests answer 503 meanwhile). */
export const databaseRetryMs = 5_000;

/** The part of a socket.io client socket this needs. */
interface RetryableSocket {
  readonly active: boolean;
  connect(): unknown;
}

/**
 * After a refused handshake: when Atendo refused it because its database is away
 * (ERR_DATABASE_UNAVAILABLE, docs/decisions/0100) the credentials are fine, but socket.io does not
 * retry a refused handshake by itself, so this connects again after {@link databaseRetryMs},
 * unless `stillWanted` says the socket was replaced or closed meanwhile. Returns whether it will
 * retry (any other refusal is the caller's to handle). Shared by the web app and the widget.
 */
export function retryWhenDatabaseAway(refusal: Error, socket: RetryableSocket, stillWanted: () => boolean): boolean {
  if (refusal.message !== "ERR_DATABASE_UNAVAILABLE") return false;
  setTimeout(() => {
    if (stillWanted() && !socket.active) socket.connect();
  }, databaseRetryMs);
  return true;
}
