import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { AboutPage } from "../features/about";
import { LoginPage, SignupPage } from "../features/auth";
import { SettingsPage } from "../features/settings";
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
              ...comingSoon("/tickets", "pages.tickets"),
              ...comingSoon("/tickets/:ticketId", "pages.tickets"),
              ...comingSoon("/quickAnswers", "pages.quickAnswers"),
              ...comingSoon("/chats", "pages.chats"),
              ...comingSoon("/chats/:chatId", "pages.chats"),
              ...comingSoon("/contacts", "pages.contacts"),
              {
                element: <AdminRoute />,
                children: [
                  { path: "/settings", element: <SettingsPage /> },
                  { path: "/about", element: <AboutPage /> },
                  ...comingSoon("/dashboard", "pages.reports"),
                  ...comingSoon("/queues", "pages.queues", true),
                  ...comingSoon("/connections", "pages.connections", true),
                  ...comingSoon("/users", "pages.users", true),
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
