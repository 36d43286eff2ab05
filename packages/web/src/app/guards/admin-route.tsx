import { can, type Permission } from "@atendo/contracts";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { rememberConfigPage } from "../../lib/last-config-page";
import { paths } from "../../lib/paths";
import { useCurrentUser } from "../../lib/session";

/**
 * Admin pages — or, given a `permission`, pages that need it (a supervisor's reports and monitor,
 * decision 0099); others go to /tickets. Also remembers the last configuration page opened.
 */
export function AdminRoute({ permission = "drawer-admin-items:view" }: { permission?: Permission }) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const allowed = can(user?.profile, permission);
  useEffect(() => {
    if (allowed) rememberConfigPage(pathname);
  }, [allowed, pathname]);
  if (!allowed) return <Navigate to={paths.tickets} replace />;
  return <Outlet />;
}
