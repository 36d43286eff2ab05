import type { LoginBody, LoginSecondFactorBody, SignedInResponse } from "@atendo/contracts";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "../../../lib/paths";
import { startSession } from "../../../lib/session";
import { login, loginSecondFactor } from "../api/auth.api";

function useSignedIn(): (session: SignedInResponse) => void {
  const navigate = useNavigate();
  return (session) => {
    startSession(session);
    void navigate(paths.tickets, { replace: true });
  };
}

/** The password step; `onChallenge` receives the code step's token when the account has a second factor. */
export function useLogin(onChallenge: (challengeToken: string) => void) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: LoginBody) => login(body),
    onSuccess: (answer) => ("challengeToken" in answer ? onChallenge(answer.challengeToken) : signedIn(answer)),
  });
}

/** The code step (decision 0095): signs in as the password step would. */
export function useSecondFactorLogin() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: (body: LoginSecondFactorBody) => loginSecondFactor(body), onSuccess: signedIn });
}
