import { can } from "@atendo/contracts";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { rememberConfigPage } from "../../lib/last-config-page";
import { paths } from "../../lib/paths";
import { useCurrentUser } from "../../lib/session";

/** Admin pages; others go to /tickets. Also remembers the last configuration page opened. */
export function AdminRoute() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const allowed = can(user?.profile, "drawer-admin-items:view");
  useEffect(() => {
    if (allowed) rememberConfigPage(pathname);
  }, [allowed, pathname]);
  if (!allowed) return <Navigate to={paths.tickets} replace />;
  return <Outlet />;
}
