import { useEffect, type ComponentType } from "react";
import { Navigate, useNavigate, useRoutes, type NavigateFunction, type RouteObject } from "react-router";
import { FullPageSpinner } from "../components/full-page-spinner";
import { paths, recordPages, type RecordPages } from "../lib/paths";
import { AdminRoute } from "./guards/admin-route";
import { PrivateRoute } from "./guards/private-route";
import { PublicOnlyRoute } from "./guards/public-only-route";
import { lazyPage } from "./lazy-page";
import { RootLayout } from "./root-layout";

// Every page is its own chunk (docs/decisions/0043-web-delivery.md): a route downloads only what it
// shows. Pages outside the shell wait on the full-page spinner, pages inside it on the page spinner.
// Pages are imported from their own module, not the feature's index.ts: other features import those
// barrels statically, and a lazily imported barrel would drag every page of the feature into them.
// MUI's theme and baseline styles, for every page but the login page (plain markup and CSS, so that
// a visitor's first download carries no MUI).
const MuiLayout = lazyPage(() => import("./mui-layout"), "MuiLayout", FullPageSpinner);
const NotFoundPage = lazyPage(() => import("./pages/not-found-page"), "NotFoundPage", FullPageSpinner);
const LoginPage = lazyPage(() => import("../features/auth/components/login-page"), "LoginPage", FullPageSpinner);
const SignupPage = lazyPage(() => import("../features/auth/components/signup-page"), "SignupPage", FullPageSpinner);
const ForgotPasswordPage = lazyPage(
  () => import("../features/auth/components/forgot-password-page"),
  "ForgotPasswordPage",
  FullPageSpinner,
);
const ResetPasswordPage = lazyPage(
  () => import("../features/auth/components/reset-password-page"),
  "ResetPasswordPage",
  FullPageSpinner,
);
const AppShell = lazyPage(() => import("./shell/app-shell"), "AppShell", FullPageSpinner);
const TicketsPage = lazyPage(() => import("../features/tickets/components/tickets-page"), "TicketsPage");
const ChatsPage = lazyPage(() => import("../features/chats/components/chats-page"), "ChatsPage");
const ContactsPage = lazyPage(() => import("../features/contacts/components/contacts-page"), "ContactsPage");
const QuickAnswersPage = lazyPage(
  () => import("../features/quick-answers/components/quick-answers-page"),
  "QuickAnswersPage",
);
const SettingsPage = lazyPage(() => import("../features/settings/components/settings-page"), "SettingsPage");
const AboutPage = lazyPage(() => import("../features/about/components/about-page"), "AboutPage");
const ReportsPage = lazyPage(() => import("../features/reports/components/reports-page"), "ReportsPage");
const QueuesPage = lazyPage(() => import("../features/queues/components/queues-page"), "QueuesPage");
const QueueFormPage = lazyPage(() => import("../features/queues/components/queue-form-page"), "QueueFormPage");
const ConnectionsPage = lazyPage(
  () => import("../features/connections/components/connections-page"),
  "ConnectionsPage",
);
const ConnectionFormPage = lazyPage(
  () => import("../features/connections/components/connection-form-page"),
  "ConnectionFormPage",
);
const simulator = () => import("../features/connections/components/simulator-page");
const SimulatorPage = lazyPage(simulator, "SimulatorPage");
const SimulatorIndexPage = lazyPage(simulator, "SimulatorIndexPage");
const UsersPage = lazyPage(() => import("../features/users/components/users-page"), "UsersPage");
const UserModal = lazyPage(() => import("../features/users/components/user-modal"), "UserModal");
const UrasPage = lazyPage(() => import("../features/uras/components/uras-page"), "UrasPage");
const UraFormPage = lazyPage(() => import("../features/uras/components/ura-form-page"), "UraFormPage");
const AnnouncementsPage = lazyPage(
  () => import("../features/announcements/components/announcements-page"),
  "AnnouncementsPage",
);
const AnnouncementFormPage = lazyPage(
  () => import("../features/announcements/components/announcement-form-page"),
  "AnnouncementFormPage",
);
const MonitoringsPage = lazyPage(
  () => import("../features/monitorings/components/monitorings-page"),
  "MonitoringsPage",
);
const MonitoringFormPage = lazyPage(
  () => import("../features/monitorings/components/monitoring-form-page"),
  "MonitoringFormPage",
);

/** An admin record kind's list, and its form at /new and /edit/:id. */
function recordRoutes(pages: RecordPages, List: ComponentType, Form: ComponentType): RouteObject[] {
  return [
    { path: pages.list, element: <List /> },
    { path: pages.create, element: <Form /> },
    { path: pages.edit.pattern, element: <Form /> },
  ];
}

/** Routes of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          {
            element: <MuiLayout />,
            children: [
              { path: paths.signup, element: <SignupPage /> },
              { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
            ],
          },
        ],
      },
      {
        element: <MuiLayout />,
        children: [
          // Signed in or not: the link of the e-mail works in any browser (it ends every session).
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
          {
            element: <PrivateRoute />,
            children: [
              {
                element: <AppShell />,
                children: [
                  { index: true, element: <Navigate to={paths.tickets} replace /> },
                  // One element for both paths: the list stays mounted (scroll, filters) while tickets open.
                  { path: paths.tickets, element: <TicketsPage />, children: [{ path: paths.ticket.pattern }] },
                  { path: paths.quickAnswers, element: <QuickAnswersPage /> },
                  // One element for both paths, as tickets: the list stays mounted while chats open.
                  { path: paths.chats, element: <ChatsPage />, children: [{ path: paths.chat.pattern }] },
                  { path: paths.contacts, element: <ContactsPage /> },
                  {
                    element: <AdminRoute />,
                    children: [
                      { path: paths.settings, element: <SettingsPage /> },
                      { path: paths.about, element: <AboutPage /> },
                      { path: paths.dashboard, element: <ReportsPage /> },
                      ...recordRoutes(recordPages.queues, QueuesPage, QueueFormPage),
                      ...recordRoutes(recordPages.connections, ConnectionsPage, ConnectionFormPage),
                      { path: paths.connectionSimulator.pattern, element: <SimulatorPage /> },
                      { path: paths.simulator, element: <SimulatorIndexPage /> },
                      {
                        path: paths.users,
                        element: <UsersPage />,
                        // The user modal opens over the table.
                        children: [
                          { path: recordPages.users.create, element: <UserModal /> },
                          { path: recordPages.users.edit.pattern, element: <UserModal /> },
                        ],
                      },
                      ...recordRoutes(recordPages.uras, UrasPage, UraFormPage),
                      ...recordRoutes(recordPages.announcements, AnnouncementsPage, AnnouncementFormPage),
                      ...recordRoutes(recordPages.monitorings, MonitoringsPage, MonitoringFormPage),
                    ],
                  },
                ],
              },
            ],
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The routes, rendered inside main.tsx's <BrowserRouter>. Declarative routing rather than
 * createBrowserRouter: the app uses no loaders, actions or fetchers, and the data router is 16 kB
 * gzip more for every visitor (docs/decisions/0043-web-delivery.md).
 */
export function AppRoutes() {
  return (
    <>
      <OutsideNavigation />
      {useRoutes(routes)}
    </>
  );
}

let outsideNavigate: NavigateFunction | null = null;

/** Hands the router's navigate function to code outside React (the service worker's "open this page"). */
function OutsideNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    outsideNavigate = navigate;
  }, [navigate]);
  return null;
}

/** Shows `path` in the app, from outside React; before the app has rendered, loads it. */
export function navigateFromOutside(path: string): void {
  if (outsideNavigate) void outsideNavigate(path);
  else window.location.assign(path);
}
