import type { FeedbackBody, FeedbackPage } from "@atendo/contracts";
import { http } from "../../../lib/http";

export interface FeedbackResult {
  id: number;
  /** False when no mailer is configured: the message is only stored, for admins to read. */
  mailed: boolean;
}

export function sendFeedback(body: FeedbackBody): Promise<FeedbackResult> {
  return http.post<FeedbackResult>("/feedback", body);
}

/** Admins: the stored "Contact us" messages, newest first. */
export function listFeedback(pageNumber: number, signal?: AbortSignal): Promise<FeedbackPage> {
  return http.get<FeedbackPage>("/feedback", { query: { pageNumber }, signal });
}
