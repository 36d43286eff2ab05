import { useEffect, type ComponentType } from "react";
import { Navigate, useNavigate, useRoutes, type NavigateFunction, type RouteObject } from "react-router";
import { FullPageSpinner } from "../components/full-page-spinner";
import { loadPageTexts } from "../lib/i18n";
import { paths, recordPages, type RecordPages } from "../lib/paths";
import { AdminRoute } from "./guards/admin-route";
import { PrivateRoute } from "./guards/private-route";
import { PublicOnlyRoute } from "./guards/public-only-route";
import { lazyPages } from "./lazy-page";
import { RootLayout } from "./root-layout";

// Every page is its own chunk (docs/decisions/0043-web-delivery.md): a route downloads only what it
// shows. Pages outside the shell (`outer`) wait on the full-page spinner, pages inside it (`shell`) on
// the page spinner.
// Pages are imported from their own module, not the feature's index.ts: other features import those
// barrels statically, and a lazily imported barrel would drag every page of the feature into them.
const outer = lazyPages(
  {
    // MUI's theme and baseline styles, for every page but the login page (plain markup and CSS, so
    // that a visitor's first download carries no MUI).
    MuiLayout: () => import("./mui-layout"),
    NotFoundPage: () => import("./pages/not-found-page"),
    LoginPage: () => import("../features/auth/components/login-page"),
    SignupPage: () => import("../features/auth/components/signup-page"),
    ForgotPasswordPage: () => import("../features/auth/components/forgot-password-page"),
    ResetPasswordPage: () => import("../features/auth/components/reset-password-page"),
    AppShell: () => import("./shell/app-shell"),
  },
  FullPageSpinner,
);
const simulator = () => import("../features/connections/components/simulator-page");
const bots = () => import("../features/bots");
// The pages of the day's work: their texts are all in the start part (lib/locale-parts.ts).
const work = lazyPages({
  TicketsPage: () => import("../features/tickets/components/tickets-page"),
  ChatsPage: () => import("../features/chats/components/chats-page"),
});
// The admin and record pages: each brings the page-only texts with its code.
const shell = lazyPages({
  ContactsPage: () => import("../features/contacts/components/contacts-page"),
  BoardPage: () => import("../features/tickets/board/components/board-page"),
  QuickAnswersPage: () => import("../features/quick-answers/components/quick-answers-page"),
  SchedulesPage: () => import("../features/schedules/components/schedules-page"),
  SettingsPage: () => import("../features/settings/components/settings-page"),
  AboutPage: () => import("../features/about/components/about-page"),
  ReportsPage: () => import("../features/reports/components/reports-page"),
  MonitorPage: () => import("../features/monitor/components/monitor-page"),
  QueuesPage: () => import("../features/queues/components/queues-page"),
  QueueFormPage: () => import("../features/queues/components/queue-form-page"),
  ConnectionsPage: () => import("../features/connections/components/connections-page"),
  ConnectionFormPage: () => import("../features/connections/components/connection-form-page"),
  SimulatorPage: simulator,
  SimulatorIndexPage: simulator,
  UsersPage: () => import("../features/users/components/users-page"),
  UserModal: () => import("../features/users/components/user-modal"),
  UrasPage: () => import("../features/uras/components/uras-page"),
  UraFormPage: () => import("../features/uras/components/ura-form-page"),
  AnnouncementsPage: () => import("../features/announcements/components/announcements-page"),
  AnnouncementFormPage: () => import("../features/announcements/components/announcement-form-page"),
  // One chunk for both bot pages: one more lazy route costs the start bundle its file list once.
  BotsPage: bots,
  BotFormPage: bots,
  MonitoringsPage: () => import("../features/monitorings/components/monitorings-page"),
  MonitoringFormPage: () => import("../features/monitorings/components/monitoring-form-page"),
  TagsPage: () => import("../features/tags/components/tags-page"),
  CampaignsPage: () => import("../features/campaigns/components/campaigns-page"),
  CampaignFormPage: () => import("../features/campaigns/components/campaign-form-page"),
  CampaignPage: () => import("../features/campaigns/components/campaign-page"),
  AutomationsPage: () => import("../features/automations/components/automations-page"),
  AutomationFormPage: () => import("../features/automations/components/automation-form-page"),
  AuditPage: () => import("../features/audit/components/audit-page"),
}, undefined, loadPageTexts);

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
          { path: paths.login, element: <outer.LoginPage /> },
          {
            element: <outer.MuiLayout />,
            children: [
              { path: paths.signup, element: <outer.SignupPage /> },
              { path: paths.forgotPassword, element: <outer.ForgotPasswordPage /> },
            ],
          },
        ],
      },
      {
        element: <outer.MuiLayout />,
        children: [
          // Signed in or not: the link of the e-mail works in any browser (it ends every session).
          { path: paths.resetPassword, element: <outer.ResetPasswordPage /> },
          {
            element: <PrivateRoute />,
            children: [
              {
                element: <outer.AppShell />,
                children: [
                  { index: true, element: <Navigate to={paths.tickets} replace /> },
                  // One element for both paths: the list stays mounted (scroll, filters) while tickets open.
                  { path: paths.tickets, element: <work.TicketsPage />, children: [{ path: paths.ticket.pattern }] },
                  { path: paths.quickAnswers, element: <shell.QuickAnswersPage /> },
                  { path: paths.schedules, element: <shell.SchedulesPage /> },
                  // One element for both paths, as tickets: the list stays mounted while chats open.
                  { path: paths.chats, element: <work.ChatsPage />, children: [{ path: paths.chat.pattern }] },
                  { path: paths.contacts, element: <shell.ContactsPage /> },
                  { path: paths.board, element: <shell.BoardPage /> },
                  // Admins', and supervisors' too (decision 0099).
                  { element: <AdminRoute permission="reports:view" />, children: [{ path: paths.dashboard, element: <shell.ReportsPage /> }] },
                  { element: <AdminRoute permission="monitor:view" />, children: [{ path: paths.monitor, element: <shell.MonitorPage /> }] },
                  {
                    element: <AdminRoute />,
                    children: [
                      { path: paths.settings, element: <shell.SettingsPage /> },
                      { path: paths.about, element: <shell.AboutPage /> },
                      ...recordRoutes(recordPages.queues, shell.QueuesPage, shell.QueueFormPage),
                      ...recordRoutes(recordPages.connections, shell.ConnectionsPage, shell.ConnectionFormPage),
                      { path: paths.connectionSimulator.pattern, element: <shell.SimulatorPage /> },
                      { path: paths.simulator, element: <shell.SimulatorIndexPage /> },
                      {
                        path: paths.users,
                        element: <shell.UsersPage />,
                        // The user modal opens over the table.
                        children: [
                          { path: recordPages.users.create, element: <shell.UserModal /> },
                          { path: recordPages.users.edit.pattern, element: <shell.UserModal /> },
                        ],
                      },
                      ...recordRoutes(recordPages.uras, shell.UrasPage, shell.UraFormPage),
                      ...recordRoutes(recordPages.announcements, shell.AnnouncementsPage, shell.AnnouncementFormPage),
                      ...recordRoutes(recordPages.bots, shell.BotsPage, shell.BotFormPage),
                      ...recordRoutes(recordPages.monitorings, shell.MonitoringsPage, shell.MonitoringFormPage),
                      { path: paths.tags, element: <shell.TagsPage /> },
                      { path: paths.campaigns, element: <shell.CampaignsPage /> },
                      { path: paths.newCampaign, element: <shell.CampaignFormPage /> },
                      { path: paths.editCampaign.pattern, element: <shell.CampaignFormPage /> },
                      { path: paths.campaign.pattern, element: <shell.CampaignPage /> },
                      { path: paths.automations, element: <shell.AutomationsPage /> },
                      { path: paths.newAutomation, element: <shell.AutomationFormPage /> },
                      { path: paths.editAutomation.pattern, element: <shell.AutomationFormPage /> },
                      { path: paths.audit, element: <shell.AuditPage /> },
                    ],
                  },
                ],
              },
            ],
          },
          { path: "*", element: <outer.NotFoundPage /> },
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
