import type { Profile } from "./users.js";

const admins: readonly Profile[] = ["admin"];
const supervision: readonly Profile[] = ["admin", "supervisor"];

/**
 * What a profile may do beyond an attendant's own work, and who has each permission: the
 * client-side names of spec §6 and the ones the supervisor profile split out of "admin"
 * (docs/decisions/0099 has the table). The server enforces the same rules on its own (every
 * policy asks `can`); the web uses them to hide what a user cannot do. An attendant has none.
 */
const holders = {
  // ── Administration: admins only ──
  /** The Administration drawer section: settings, users, connections, routing, automation, About. */
  "drawer-admin-items:view": admins,
  "ticket-options:deleteTicket": admins,
  "contacts-page:deleteContact": admins,
  "contacts-page:importContacts": admins,
  "contacts-page:exportContacts": admins,
  "contacts-page:mergeContacts": admins,
  "contacts-page:optIn": admins,
  "user-modal:editProfile": admins,
  "user-modal:editQueues": admins,
  "user-modal:editHistory": admins,
  /** Write in any ticket that is not closed, waiting ones too, and delete others' sent messages (an admin steps in anywhere). */
  "tickets:writeAll": admins,
  /** Customers waiting in a queue nobody belongs to are one's own work (docs/decisions/0069). */
  "tickets:adoptUnstaffed": admins,
  // ── Supervision: admins and supervisors ──
  /** The lists' "Show all": every ticket. */
  "tickets-manager:showall": supervision,
  /** See and follow every ticket live (its events), not only one's work. */
  "tickets:seeAll": supervision,
  /** Return, resolve, reopen, transfer and manage the participants of any ticket, as its owner does. */
  "tickets:manageAll": supervision,
  "ticket-options:transferConnection": supervision,
  /** Read every internal chat (not write in it). */
  "chats-manager:showall": supervision,
  /** Reports (/dashboard): the table, its CSV and the charts. */
  "reports:view": supervision,
  /** The live monitor (/monitor). */
  "monitor:view": supervision,
  /** Every user's scheduled messages (read, edit, cancel). */
  "schedules:manageAll": supervision,
  /** Delete another user's note or quick answer. */
  "team-content:moderate": supervision,
} satisfies Record<string, readonly Profile[]>;

export type Permission = keyof typeof holders;

export function can(profile: Profile | undefined, permission: Permission): boolean {
  return profile !== undefined && holders[permission].includes(profile);
}
