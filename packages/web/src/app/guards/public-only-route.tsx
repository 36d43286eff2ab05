import { Navigate, Outlet } from "react-router";
import { paths } from "../../lib/paths";
import { useSession } from "../../lib/session";

/** /login and /signup: a signed-in user goes to /tickets (spec §2). */
export function PublicOnlyRoute() {
  const session = useSession();
  if (session.status === "authenticated") return <Navigate to={paths.tickets} replace />;
  return <Outlet />;
}
