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
  quickAnswers: "/quickAnswers",
  settings: "/settings",
  about: "/about",
  dashboard: "/dashboard",
  queues: "/queues",
  connections: "/connections",
  connectionSimulator: { pattern: "/connections/:id/simulator", href: (id: number) => `/connections/${id}/simulator` },
  simulator: "/simulator",
  users: "/users",
  ura: "/URA",
  announcements: "/announcements",
  monitoring: "/monitoring",
} as const;

/** The routes of an admin record kind: its list, `/new` and `/edit/:id` (spec §2). */
export interface RecordPages {
  list: string;
  create: string;
  edit: { pattern: string; href: (id: number) => string };
}

function recordPagesOf(list: string): RecordPages {
  return { list, create: `${list}/new`, edit: { pattern: `${list}/edit/:id`, href: (id) => `${list}/edit/${id}` } };
}

/** The admin record kinds with a form of their own (or a modal over the list): list, new and edit routes. */
export const recordPages = {
  queues: recordPagesOf(paths.queues),
  connections: recordPagesOf(paths.connections),
  users: recordPagesOf(paths.users),
  uras: recordPagesOf(paths.ura),
  announcements: recordPagesOf(paths.announcements),
  monitorings: recordPagesOf(paths.monitoring),
} as const;
