import { lazy, Suspense } from "react";
import { PageSpinner } from "../../../components/full-page-spinner";

// The route's chunk is only this: the start bundle lists a lazy route's static imports, and the
// /tickets route is at its budget (docs/decisions/0043-web-delivery.md). The page itself follows.
const AuditLog = lazy(() => import("./audit-log").then((module) => ({ default: module.AuditLog })));

/** The audit log screen (issue 34, admins). */
export function AuditPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AuditLog />
    </Suspense>
  );
}
