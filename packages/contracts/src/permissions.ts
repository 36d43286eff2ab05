import type { Profile } from "./users.js";

/**
 * Client-side permission names of spec §6. The server enforces the same rules on its own;
 * the web uses these only to hide what a user cannot do.
 */
const adminOnly = [
  "drawer-admin-items:view",
  "tickets-manager:showall",
  "ticket-options:deleteTicket",
  "ticket-options:transferConnection",
  "contacts-page:deleteContact",
  "contacts-page:importContacts",
  "contacts-page:exportContacts",
  "contacts-page:mergeContacts",
  "contacts-page:optIn",
  "user-modal:editProfile",
  "user-modal:editQueues",
  "user-modal:editHistory",
  "chats-manager:showall",
] as const;

export type Permission = (typeof adminOnly)[number];

export function can(profile: Profile | undefined, permission: Permission): boolean {
  return profile === "admin" && (adminOnly as readonly string[]).includes(permission);
}
