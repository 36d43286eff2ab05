import type { SignupBody } from "@atendo/contracts";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { signup } from "../api/auth.api";

export function useSignup() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: SignupBody) => signup(body),
    onSuccess: () => {
      toast.success(t("auth.signupSuccess"));
      void navigate(paths.login);
    },
  });
}
