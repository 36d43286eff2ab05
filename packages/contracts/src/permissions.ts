import type { Profile } from "./users.js";

/**
 * What a profile may do beyond an attendant's own work: the client-side names of spec §6 and the
 * capabilities the supervisor profile split out of "admin" (docs/decisions/0099). The server
 * enforces the same rules on its own (every policy asks `can`); the web uses them to hide what a
 * user cannot do.
 */
const permissions = [
  // ── Administration: admins only ──
  /** The Administration drawer section: settings, users, connections, routing, automation, About. */
  "drawer-admin-items:view",
  "ticket-options:deleteTicket",
  "contacts-page:deleteContact",
  "contacts-page:importContacts",
  "contacts-page:exportContacts",
  "contacts-page:mergeContacts",
  "contacts-page:optIn",
  "user-modal:editProfile",
  "user-modal:editQueues",
  "user-modal:editHistory",
  /** Write in any ticket that is not closed, waiting ones too (an admin steps in anywhere). */
  "tickets:writeAll",
  /** Customers waiting in a queue nobody belongs to are one's own work (docs/decisions/0069). */
  "tickets:adoptUnstaffedQueues",
  // ── Supervision: admins and supervisors ──
  /** The lists' "Show all": every ticket. */
  "tickets-manager:showall",
  /** See and follow every ticket live (its events), not only one's work. */
  "tickets:seeAll",
  /** Return, resolve, reopen, transfer and manage the participants of any ticket, as its owner does. */
  "tickets:manageAll",
  "ticket-options:transferConnection",
  /** Read every internal chat (not write in it). */
  "chats-manager:showall",
  /** Reports (/dashboard): the table, its CSV and the charts. */
  "reports:view",
  /** The live monitor (/monitor). */
  "monitor:view",
  /** Every user's scheduled messages (read, cancel). */
  "schedules:manageAll",
  /** Delete another user's note or quick answer. */
  "team-content:moderate",
] as const;

export type Permission = (typeof permissions)[number];

const supervision: readonly Permission[] = [
  "tickets-manager:showall",
  "tickets:seeAll",
  "tickets:manageAll",
  "ticket-options:transferConnection",
  "chats-manager:showall",
  "reports:view",
  "monitor:view",
  "schedules:manageAll",
  "team-content:moderate",
];

/** Each profile's permissions (docs/decisions/0099 has the table). An attendant has none. */
const granted: Record<Profile, ReadonlySet<Permission>> = {
  admin: new Set(permissions),
  supervisor: new Set(supervision),
  user: new Set(),
};

export function can(profile: Profile | undefined, permission: Permission): boolean {
  return profile !== undefined && (granted[profile]?.has(permission) ?? false);
}
