import {
  timing,
  type CreateQuickAnswerBody,
  type QuickAnswer,
  type QuickAnswerPage,
  type UpdateQuickAnswerBody,
} from "@atendo/contracts";
import { resourceApi } from "../../../lib/resource-api";

const quickAnswersApi = resourceApi<QuickAnswer, CreateQuickAnswerBody, UpdateQuickAnswerBody, QuickAnswerPage>("/quickAnswers");

/** Spec §9: the quick-answer form submits after 400 ms; the button shows it is working meanwhile. */
function submitDelay(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, timing.formSubmitDelayMs));
}

export const { page: listQuickAnswers, remove: deleteQuickAnswer } = quickAnswersApi;

export async function createQuickAnswer(body: CreateQuickAnswerBody): Promise<QuickAnswer> {
  await submitDelay();
  return quickAnswersApi.create(body);
}

export async function updateQuickAnswer(id: number, body: UpdateQuickAnswerBody): Promise<QuickAnswer> {
  await submitDelay();
  return quickAnswersApi.update(id, body);
}
