import type { LoginBody } from "@atendo/contracts";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "../../../lib/paths";
import { startSession } from "../../../lib/session";
import { login } from "../api/auth.api";

export function useLogin() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: LoginBody) => login(body),
    onSuccess: (session) => {
      startSession(session);
      void navigate(paths.tickets, { replace: true });
    },
  });
}
