import { sessionEndReasons } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";

/**
 * Why the sign-in page opened by itself: the server ended the session while its screen was open
 * (docs/decisions/0065). Plain markup, like the rest of the login page. A reason this build does
 * not know (a newer server's) reads as the general one.
 */
export function SessionEndedNotice() {
  const { t } = useTranslation();
  const session = useSession();
  const reason = session.status === "anonymous" ? session.endedBecause : undefined;
  if (!reason) return null;
  const known = sessionEndReasons.includes(reason) ? reason : "revoked";
  return (
    <p role="alert" className="auth-alert">
      {t(`auth.sessionEnded.${known}`)}
    </p>
  );
}
