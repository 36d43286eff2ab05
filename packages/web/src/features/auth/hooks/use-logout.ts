import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../lib/paths";
import { endSession } from "../../../lib/session";
import { logout } from "../api/auth.api";

/** Ends the session on the server (best effort) and here, then shows the login page. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Already logged out on the server or unreachable: the local session ends anyway.
    }
    endSession();
    await navigate(paths.login, { replace: true });
  }, [navigate]);
}
