import { Outlet } from "react-router";
import { FullPageSpinner } from "../components/full-page-spinner";
import { useSession } from "../lib/session";
import { useDocumentTitle } from "./use-document-title";

/** Top of the route tree: document title, and a spinner while the stored session is checked. */
export function RootLayout() {
  const session = useSession();
  useDocumentTitle();
  if (session.status === "loading") return <FullPageSpinner />;
  return <Outlet />;
}
