import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { QueryState } from "../components/query-state";
import { AboutPage } from "../features/about";
import { AnnouncementFormPage, AnnouncementsPage } from "../features/announcements";
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from "../features/auth";
import { ConnectionFormPage, ConnectionsPage, SimulatorIndexPage, SimulatorPage } from "../features/connections";
import { ChatsPage } from "../features/chats";
import { ContactsPage } from "../features/contacts";
import { MonitoringFormPage, MonitoringsPage } from "../features/monitorings";
import { QueueFormPage, QueuesPage } from "../features/queues";
import { QuickAnswersPage } from "../features/quick-answers";
import { SettingsPage } from "../features/settings";
import { TicketsPage } from "../features/tickets";
import { UraFormPage, UrasPage } from "../features/uras";
import { UserModal, UsersPage } from "../features/users";
import { paths } from "../lib/paths";
import { AdminRoute } from "./guards/admin-route";
import { PrivateRoute } from "./guards/private-route";
import { PublicOnlyRoute } from "./guards/public-only-route";
import { NotFoundPage } from "./pages/not-found-page";
import { RootLayout } from "./root-layout";
import { AppShell } from "./shell/app-shell";

// Reports (charts and all) are their own chunk: the login and tickets bundles do not carry them.
const ReportsPage = lazy(() => import("../features/reports").then((feature) => ({ default: feature.ReportsPage })));

/** Routes of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.signup, element: <SignupPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
        ],
      },
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
                  {
                    path: paths.dashboard,
                    element: (
                      <Suspense fallback={<QueryState isPending error={null} onRetry={() => undefined} />}>
                        <ReportsPage />
                      </Suspense>
                    ),
                  },
                  { path: paths.queues, element: <QueuesPage /> },
                  { path: paths.newQueue, element: <QueueFormPage /> },
                  { path: paths.editQueue.pattern, element: <QueueFormPage /> },
                  { path: paths.connections, element: <ConnectionsPage /> },
                  { path: paths.newConnection, element: <ConnectionFormPage /> },
                  { path: paths.editConnection.pattern, element: <ConnectionFormPage /> },
                  { path: paths.connectionSimulator.pattern, element: <SimulatorPage /> },
                  { path: paths.simulator, element: <SimulatorIndexPage /> },
                  {
                    path: paths.users,
                    element: <UsersPage />,
                    // The user modal opens over the table.
                    children: [
                      { path: paths.newUser, element: <UserModal /> },
                      { path: paths.editUser.pattern, element: <UserModal /> },
                    ],
                  },
                  { path: paths.ura, element: <UrasPage /> },
                  { path: paths.newUra, element: <UraFormPage /> },
                  { path: paths.editUra.pattern, element: <UraFormPage /> },
                  { path: paths.announcements, element: <AnnouncementsPage /> },
                  { path: paths.newAnnouncement, element: <AnnouncementFormPage /> },
                  { path: paths.editAnnouncement.pattern, element: <AnnouncementFormPage /> },
                  { path: paths.monitoring, element: <MonitoringsPage /> },
                  { path: paths.newMonitoring, element: <MonitoringFormPage /> },
                  { path: paths.editMonitoring.pattern, element: <MonitoringFormPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
