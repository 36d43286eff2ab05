import type { AssistantStatus, AssistBody, AssistResponse } from "@atendo/contracts";
import { http } from "../../../lib/http";
import { currentLanguage } from "../../../lib/i18n";

/** GET /assistant: whether the install has an assistant, and the queues that turned it off. */
export const assistantStatusQuery = {
  queryKey: ["assistant"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<AssistantStatus>("/assistant", { signal }),
  staleTime: 5 * 60_000,
  meta: { silent: true },
};

/** POST /tickets/{id}/assist, in the app's language (a translation is written in it). */
export function assist(ticketId: number, body: Omit<AssistBody, "language">): Promise<AssistResponse> {
  return http.post<AssistResponse>(`/tickets/${ticketId}/assist`, { ...body, language: currentLanguage() });
}
