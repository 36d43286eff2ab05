import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { AboutPage } from "../features/about";
import { LoginPage, SignupPage } from "../features/auth";
import { ConnectionFormPage, ConnectionsPage, SimulatorIndexPage, SimulatorPage } from "../features/connections";
import { ContactsPage } from "../features/contacts";
import { QueueFormPage, QueuesPage } from "../features/queues";
import { QuickAnswersPage } from "../features/quick-answers";
import { SettingsPage } from "../features/settings";
import { TicketsPage } from "../features/tickets";
import { UserModal, UsersPage } from "../features/users";
import { AdminRoute } from "./guards/admin-route";
import { PrivateRoute } from "./guards/private-route";
import { PublicOnlyRoute } from "./guards/public-only-route";
import { ComingSoonPage } from "./pages/coming-soon-page";
import { NotFoundPage } from "./pages/not-found-page";
import { RootLayout } from "./root-layout";
import { AppShell } from "./shell/app-shell";

/** A page that is not built yet, at `path` and, for list + form pages, `/new` and `/edit/:id`. */
function comingSoon(path: string, titleKey: string, withForms = false): RouteObject[] {
  const element = <ComingSoonPage titleKey={titleKey} />;
  const routes: RouteObject[] = [{ path, element }];
  if (withForms) routes.push({ path: `${path}/new`, element }, { path: `${path}/edit/:id`, element });
  return routes;
}

/** Routes of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: "/login", element: <LoginPage /> },
          { path: "/signup", element: <SignupPage /> },
        ],
      },
      {
        element: <PrivateRoute />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to="/tickets" replace /> },
              // One element for both paths: the list stays mounted (scroll, filters) while tickets open.
              { path: "/tickets", element: <TicketsPage />, children: [{ path: ":ticketId" }] },
              { path: "/quickAnswers", element: <QuickAnswersPage /> },
              ...comingSoon("/chats", "pages.chats"),
              ...comingSoon("/chats/:chatId", "pages.chats"),
              { path: "/contacts", element: <ContactsPage /> },
              {
                element: <AdminRoute />,
                children: [
                  { path: "/settings", element: <SettingsPage /> },
                  { path: "/about", element: <AboutPage /> },
                  ...comingSoon("/dashboard", "pages.reports"),
                  { path: "/queues", element: <QueuesPage /> },
                  { path: "/queues/new", element: <QueueFormPage /> },
                  { path: "/queues/edit/:id", element: <QueueFormPage /> },
                  { path: "/connections", element: <ConnectionsPage /> },
                  { path: "/connections/new", element: <ConnectionFormPage /> },
                  { path: "/connections/edit/:id", element: <ConnectionFormPage /> },
                  { path: "/connections/:id/simulator", element: <SimulatorPage /> },
                  { path: "/simulator", element: <SimulatorIndexPage /> },
                  {
                    path: "/users",
                    element: <UsersPage />,
                    // The user modal opens over the table.
                    children: [
                      { path: "new", element: <UserModal /> },
                      { path: "edit/:id", element: <UserModal /> },
                    ],
                  },
                  ...comingSoon("/URA", "pages.ura", true),
                  ...comingSoon("/announcements", "pages.announcements", true),
                  ...comingSoon("/monitoring", "pages.monitoring", true),
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
