import type { ForgotPasswordBody, ResetPasswordBody } from "@atendo/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { toastError } from "../../../lib/error-message";
import { isApiError } from "../../../lib/http";
import { paths } from "../../../lib/paths";
import { endSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { forgotPassword, resetPassword } from "../api/auth.api";

/** Asks for the reset e-mail; the answer is the same whether the address is known or not. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordBody) => forgotPassword(body) });
}

/**
 * Sets the new password from the e-mail's link. Every session of the user ends on the server,
 * this browser's too, so it signs in again with the new password. A spent or expired link is
 * shown on the page (with the way to a new one), not as a passing toast.
 */
export function useResetPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => resetPassword(body),
    meta: { silent: true },
    onSuccess: () => {
      endSession();
      toast.success(t("auth.passwordResetDone"));
      void navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      if (!isApiError(error, "ERR_INVALID_RESET_TOKEN")) toastError(error);
    },
  });
}
