import type { PresenceStatus, UserPresence } from "@atendo/contracts";
import { http } from "../../../lib/http";

/** The signed-in user's own presence (PUT /users/me/presence): the status they choose. */
export function setOwnPresence(status: PresenceStatus): Promise<UserPresence> {
  return http.put<UserPresence>("/users/me/presence", { status });
}
