/** An admin record's edit route under its list: `/queues/edit/:id`. */
function editRoute<const List extends string>(list: List) {
  return { pattern: `${list}/edit/:id` as const, href: (id: number) => `${list}/edit/${id}` };
}

/**
 * Every route of the web app (spec §2), written once: the router declares them, the drawer lists
 * them, and links and redirects build their targets from here. A route with a parameter has its
 * `pattern` (for the router and `useMatch`) and `href` (for links).
 */
export const paths = {
  home: "/",
  login: "/login",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  /** The link of the "forgot password" e-mail (the server writes it: /reset-password?token=…). */
  resetPassword: "/reset-password",
  tickets: "/tickets",
  ticket: { pattern: "/tickets/:ticketId", href: (id: number) => `/tickets/${id}` },
  chats: "/chats",
  chat: { pattern: "/chats/:chatId", href: (id: number) => `/chats/${id}` },
  contacts: "/contacts",
  board: "/board",
  quickAnswers: "/quickAnswers",
  /** Scheduled messages (issue 31): the user's, an admin's everyone's. */
  schedules: "/schedules",
  settings: "/settings",
  about: "/about",
  dashboard: "/dashboard",
  /** The live monitor (issue 30): queues and attendants now. */
  monitor: "/monitor",
  queues: "/queues",
  newQueue: "/queues/new",
  editQueue: editRoute("/queues"),
  connections: "/connections",
  newConnection: "/connections/new",
  editConnection: editRoute("/connections"),
  connectionSimulator: { pattern: "/connections/:id/simulator", href: (id: number) => `/connections/${id}/simulator` },
  simulator: "/simulator",
  users: "/users",
  newUser: "/users/new",
  editUser: editRoute("/users"),
  ura: "/URA",
  newUra: "/URA/new",
  editUra: editRoute("/URA"),
  announcements: "/announcements",
  newAnnouncement: "/announcements/new",
  editAnnouncement: editRoute("/announcements"),
  /** Bots (issue 33, admins): webhook bots and Typebots a conversation talks with. */
  bots: "/bots",
  newBot: "/bots/new",
  editBot: editRoute("/bots"),
  monitoring: "/monitoring",
  newMonitoring: "/monitoring/new",
  editMonitoring: editRoute("/monitoring"),
  tags: "/tags",
  /** Campaigns (issue 31, admins): the list, a draft's form and one campaign's progress. */
  campaigns: "/campaigns",
  newCampaign: "/campaigns/new",
  editCampaign: editRoute("/campaigns"),
  campaign: { pattern: "/campaigns/:id", href: (id: number) => `/campaigns/${id}` },
  /** Automation rules (issue 33, admins): the ordered list and a rule's builder. */
  automations: "/automations",
  newAutomation: "/automations/new",
  editAutomation: editRoute("/automations"),
  /** The audit log (issue 34, admins): who changed what, when and from where. */
  audit: "/audit",
} as const;

/** The routes of an admin record kind: its list, `/new` and `/edit/:id` (spec §2). */
export interface RecordPages {
  list: string;
  create: string;
  edit: { pattern: string; href: (id: number) => string };
}

/** The admin record kinds' routes, by kind: the entity screens (and the router) take a kind's whole. */
export const recordPages = {
  queues: { list: paths.queues, create: paths.newQueue, edit: paths.editQueue },
  connections: { list: paths.connections, create: paths.newConnection, edit: paths.editConnection },
  users: { list: paths.users, create: paths.newUser, edit: paths.editUser },
  uras: { list: paths.ura, create: paths.newUra, edit: paths.editUra },
  announcements: { list: paths.announcements, create: paths.newAnnouncement, edit: paths.editAnnouncement },
  bots: { list: paths.bots, create: paths.newBot, edit: paths.editBot },
  monitorings: { list: paths.monitoring, create: paths.newMonitoring, edit: paths.editMonitoring },
} as const satisfies Record<string, RecordPages>;
