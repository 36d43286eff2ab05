import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "../../components/full-page-spinner";
import { paths } from "../../lib/paths";
import { usePublicConfig } from "../../lib/public-config";
import { useSession } from "../../lib/session";

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
  return <Outlet />;
}
