import { can } from "@atendo/contracts";
import { useLocation } from "react-router";
import { lazyDialog } from "../../components/lazy-dialog";
import { configPageOf } from "../../lib/last-config-page";
import { useCurrentUser } from "../../lib/session";

// The tabs (MUI's scrollable Tabs) download with the first configuration page an admin opens, not
// with every page's shell: attendants never need them (the /tickets budget, decision 0043).
const Tabs = lazyDialog(
  () => import("./configuration-tabs").then((module) => module.ConfigurationTabs),
  (props: { current: string }) => props.current !== "",
);

/** The configuration pages' tabs, over each of them and their forms, for admins. */
export function ConfigurationTabs() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const current = configPageOf(pathname);
  if (!current || !can(user?.profile, "drawer-admin-items:view")) return null;
  return <Tabs current={current} />;
}
