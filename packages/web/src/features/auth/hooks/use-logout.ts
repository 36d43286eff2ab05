import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../../lib/paths";
import { endSession } from "../../../lib/session";
import { closeSocketBeforeLogout } from "../../../lib/socket";
import { forgetThisDevice } from "../../../lib/web-push";
import { logout } from "../api/auth.api";

/** Ends the session on the server (best effort) and here, then shows the login page; the device's push subscription goes first. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    // While the session can still call the API: this browser stops getting the user's notifications.
    await forgetThisDevice().catch(() => undefined);
    closeSocketBeforeLogout();
    try {
      await logout();
    } catch {
      // Already logged out on the server or unreachable: the local session ends anyway.
    }
    endSession();
    await navigate(paths.login, { replace: true });
  }, [navigate]);
}
