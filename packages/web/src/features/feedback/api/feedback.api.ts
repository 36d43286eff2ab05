import type { FeedbackBody } from "@atendo/contracts";
import { http } from "../../../lib/http";

export interface FeedbackResult {
  id: number;
  mailed: boolean;
}

export function sendFeedback(body: FeedbackBody): Promise<FeedbackResult> {
  return http.post<FeedbackResult>("/feedback", body);
}
