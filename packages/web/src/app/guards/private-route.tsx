import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "../../components/full-page-spinner";
import { paths } from "../../lib/paths";
import { usePublicConfig } from "../../lib/public-config";
import { loadPageTexts } from "../../lib/i18n";
import { useSession } from "../../lib/session";
import { lazyPage } from "../lazy-page";

// Only a sign-in that must enrol a second factor downloads it (decision 0095).
const EnrolmentPage = lazyPage(() => import("../../features/two-factor/components/enrolment-page"), "EnrolmentPage", FullPageSpinner, loadPageTexts);

/**
 * Signed-in users only; anonymous visitors go to /login. The pages wait for the public config
 * (asked for at load, beside the session check) so the first date they show is already on the
 * install's clock, never the browser's for a moment.
 */
export function PrivateRoute() {
  const session = useSession();
  const location = useLocation();
  const { settled } = usePublicConfig();
  if (session.status !== "authenticated") return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (!settled) return <FullPageSpinner />;
  if (session.mustEnrol) return <EnrolmentPage />;
  return <Outlet />;
}
