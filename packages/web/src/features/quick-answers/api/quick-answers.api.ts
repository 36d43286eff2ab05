import {
  timing,
  type CreateQuickAnswerBody,
  type QuickAnswer,
  type QuickAnswerPage,
  type UpdateQuickAnswerBody,
} from "@atendo/contracts";
import { http } from "../../../lib/http";
import type { PageQuery } from "../../../lib/paged-cache";

/** Spec §9: the quick-answer form submits after 400 ms; the button shows it is working meanwhile. */
function submitDelay(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, timing.formSubmitDelayMs));
}

export function listQuickAnswers(query: PageQuery, signal?: AbortSignal): Promise<QuickAnswerPage> {
  return http.get<QuickAnswerPage>("/quickAnswers", { query: { ...query }, signal });
}

export async function createQuickAnswer(body: CreateQuickAnswerBody): Promise<QuickAnswer> {
  await submitDelay();
  return http.post<QuickAnswer>("/quickAnswers", body);
}

export async function updateQuickAnswer(id: number, body: UpdateQuickAnswerBody): Promise<QuickAnswer> {
  await submitDelay();
  return http.put<QuickAnswer>(`/quickAnswers/${id}`, body);
}

export function deleteQuickAnswer(id: number): Promise<void> {
  return http.delete<void>(`/quickAnswers/${id}`);
}
