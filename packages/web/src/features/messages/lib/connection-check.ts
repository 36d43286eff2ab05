/**
 * Spec §4: replying to or deleting a message is blocked when the message's ticket uses another
 * connection than the ticket on screen (a conversation's history can show other tickets).
 * Unknown connections (the other ticket is not loaded) are not blocked: the server decides.
 */
export function usesOtherConnection(messageConnection: number | null | undefined, currentConnection: number | null | undefined): boolean {
  return messageConnection != null && currentConnection != null && messageConnection !== currentConnection;
}
