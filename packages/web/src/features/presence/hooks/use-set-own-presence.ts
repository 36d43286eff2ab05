import type { PresenceStatus } from "@atendo/contracts";
import { useMutation } from "@tanstack/react-query";
import { rememberPresence } from "../../../lib/presence";
import { setOwnPresence } from "../api/presence.api";

/** Chooses the signed-in user's presence; the answer shows at once, before its event arrives. */
export function useSetOwnPresence() {
  return useMutation({
    mutationFn: (status: PresenceStatus) => setOwnPresence(status),
    onSuccess: (answer) => rememberPresence(answer.userId, answer.status),
  });
}
