import { Navigate, Outlet, useLocation } from "react-router";
import { paths } from "../../lib/paths";
import { useSession } from "../../lib/session";

/** Signed-in users only; anonymous visitors go to /login. */
export function PrivateRoute() {
  const session = useSession();
  const location = useLocation();
  if (session.status !== "authenticated") return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
