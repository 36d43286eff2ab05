import type { FeedbackBody } from "@atendo/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-error";
import { toastError } from "../../../lib/error-message";
import { toast } from "../../../lib/toast";
import { sendFeedback } from "../api/feedback.api";

/**
 * Sends the contact-us form. ERR_SEND_MAIL means the message was stored but not e-mailed: that is
 * reported as information, not as a failure.
 */
export function useSendFeedback(onSent: () => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: FeedbackBody) => sendFeedback(body),
    meta: { silent: true },
    onSuccess: (result) => {
      if (result.mailed) toast.success(t("feedback.sent"));
      else toast.info(t("errors.ERR_SEND_MAIL"));
      onSent();
    },
    onError: (error) => {
      if (isApiError(error, "ERR_SEND_MAIL")) {
        toast.info(t("errors.ERR_SEND_MAIL"));
        onSent();
      } else {
        toastError(error);
      }
    },
  });
}
