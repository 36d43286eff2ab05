import type { FeedbackBody } from "@atendo/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "../../../lib/api-error";
import { toastError } from "../../../lib/error-message";
import { sendFeedback } from "../api/feedback.api";
import { feedbackMessagesKey } from "./use-feedback-messages";

/** Where a sent message went, for the dialog to say so. */
export type FeedbackOutcome = "mailed" | "stored" | "mailFailed";

/**
 * Sends the contact-us form. Every message is stored for admins first; without a mailer that is
 * where it goes (not a failure), and ERR_SEND_MAIL means a mailer exists but failed after storing.
 */
export function useSendFeedback(onSent: (outcome: FeedbackOutcome) => void) {
  const queryClient = useQueryClient();
  const sent = (outcome: FeedbackOutcome) => {
    void queryClient.invalidateQueries({ queryKey: feedbackMessagesKey });
    onSent(outcome);
  };
  return useMutation({
    mutationFn: (body: FeedbackBody) => sendFeedback(body),
    meta: { silent: true },
    onSuccess: (result) => sent(result.mailed ? "mailed" : "stored"),
    onError: (error) => {
      if (isApiError(error, "ERR_SEND_MAIL")) sent("mailFailed");
      else toastError(error);
    },
  });
}
