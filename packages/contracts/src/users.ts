import { z } from "zod";
import { email, entityName, idList, listPage, listQuery, namedRef, timestamps } from "./common.js";
import { limits } from "./limits.js";
import { entityEvent } from "./entity-event.js";
import { presenceStatuses } from "./presence.js";

/**
 * `supervisor` (docs/decisions/0099): sees and manages every ticket and chat, reads reports and
 * the live monitor, and changes no configuration. What each profile may do: permissions.ts.
 */
export const profiles = ["admin", "supervisor", "user"] as const;
export type Profile = (typeof profiles)[number];

// Presence's statuses live in a zod-free module (the web's app bar imports them); named here too.
export { presenceStatuses, type PresenceStatus } from "./presence.js";

/** A queue as a user shows it. */
export const queueRef = namedRef.extend({ color: z.string() });
export type QueueRef = z.infer<typeof queueRef>;

/** A user as every API response shows it (never the password hash). */
export const user = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(profiles),
  extension: z.string().nullable(),
  /** The default connection (spec §3); deleting the connection clears it. */
  whatsappId: z.number().nullable(),
  whatsapp: namedRef.nullable(),
  queues: z.array(queueRef),
  canSeeAllTicketHistory: z.boolean(),
  /** Most open tickets automatic assignment gives them (decision 0079); null is unlimited. */
  maxOpenTickets: z.number().nullable(),
  /** Effective presence (issue 30): what they chose while a socket of theirs is connected, else offline. */
  presence: z.enum(presenceStatuses),
  isDeleted: z.boolean(),
  ...timestamps,
});
export type User = z.infer<typeof user>;

const name = entityName;
const extension = z
  .string()
  .trim()
  .regex(/^\d*$/, "digits only")
  .refine((v) => v === "" || (v.length >= limits.extension.min && v.length <= limits.extension.max))
  .transform((v) => (v === "" ? null : v));

/** A capacity for automatic assignment: a whole number of open tickets, or null for unlimited (admins only). */
export const userMaxOpenTickets = z.number().int().min(limits.maxOpenTickets.min).max(limits.maxOpenTickets.max).nullable();

export const userPassword = z.string().min(limits.userPassword.min).max(limits.userPassword.max);

/** A user's default connection: a connection id, or null for none (what forms edit). */
export const userDefaultConnection = z.number().int().positive().nullable();

/**
 * The default connection in a user body: also accepts `""` and `false` for none, which the spec's
 * clients send from an empty select (docs/compatibility.md); the server sees null.
 */
const defaultConnectionId = z
  .union([userDefaultConnection, z.literal(""), z.literal(false)])
  .transform((value) => (value === "" || value === false ? null : value))
  .optional();

/**
 * PUT /users/{id}. Fields a normal user may not change are refused by the server, not ignored.
 * `isDeleted: false` re-enables a soft-deleted user (second submit of the re-enable flow).
 */
export const updateUserBody = z.object({
  name: name.optional(),
  email: email.optional(),
  password: userPassword.or(z.literal("")).optional(),
  /**
   * Required with a new `password` for oneself (403 `ERR_WRONG_CURRENT_PASSWORD` when missing or
   * wrong; sign-in's attempt limits apply); an admin setting another user's password sends none.
   */
  currentPassword: z.string().max(200).optional(),
  profile: z.enum(profiles).optional(),
  extension: extension.nullable().optional(),
  /** A connection that exists (404 `ERR_NO_WAPP_FOUND`), or none (admins only). */
  whatsappId: defaultConnectionId,
  /** Replaces the user's queue memberships (admins only). */
  queueIds: idList.optional(),
  isDeleted: z.boolean().optional(),
  canSeeAllTicketHistory: z.boolean().optional(),
  maxOpenTickets: userMaxOpenTickets.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

/**
 * POST /users (admins). An email held by an active user answers 409 `ERR_EMAIL_ALREADY_EXISTS`;
 * one held only by a soft-deleted user answers 409 `ERR_USER_DELETED_EXISTS` (re-enable flow).
 */
export const createUserBody = z.object({
  name,
  email,
  password: userPassword,
  profile: z.enum(profiles).default("user"),
  extension: extension.nullable().optional(),
  whatsappId: defaultConnectionId,
  queueIds: idList.default([]),
  canSeeAllTicketHistory: z.boolean().default(false),
  maxOpenTickets: userMaxOpenTickets.default(null),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** GET /users {searchParam, pageNumber} (admins): active users by name, searched on name and email. */
export const listUsersQuery = listQuery;
export const userPage = listPage("users", user);
export type UserPage = z.infer<typeof userPage>;

/**
 * GET /users/directory {searchParam, pageNumber} (every user): active colleagues by name, searched
 * on name and email, with only what picking one needs (transfer, participants, queue members).
 */
export const userDirectoryEntry = namedRef.extend({ email: z.string(), presence: z.enum(presenceStatuses) });
export const userDirectoryPage = listPage("users", userDirectoryEntry);
export type UserDirectoryPage = z.infer<typeof userDirectoryPage>;

/**
 * GET /users/search/items {email} (admins): the user holding this email, soft-deleted ones
 * included, or `{ user: null }`. An active user wins over a deleted one; among deleted ones the
 * most recently updated. The user form uses it for the re-enable flow: after POST /users answers
 * 409 `ERR_USER_DELETED_EXISTS` it fetches the deleted user here, shows the warning, switches its
 * button to "Enable", and the second submit is PUT /users/{user.id} with the form's fields plus
 * `isDeleted: false`.
 */
export const userByEmailQuery = z.object({ email });
export const userByEmailResponse = z.object({ user: user.nullable() });
export type UserByEmailResponse = z.infer<typeof userByEmailResponse>;

/** `user` socket event: to admins and to that user. */
export const userEvent = entityEvent("user", user);
export type UserEvent = z.infer<typeof userEvent>;

/**
 * PUT /users/me/presence (any signed-in user, for themself): the status they choose. `online` and
 * `away` hold while a socket of theirs is connected (offline after limits.presenceOfflineAfterSeconds
 * without one, back to the choice when one connects); `offline` by hand stays offline until they
 * choose again (docs/decisions/0078).
 */
export const setPresenceBody = z.object({ status: z.enum(presenceStatuses) });
export type SetPresenceBody = z.infer<typeof setPresenceBody>;

/** A user's presence: the effective status, and the one they chose. */
export const userPresence = z.object({ userId: z.number(), status: z.enum(presenceStatuses), chosen: z.enum(presenceStatuses) });
export type UserPresence = z.infer<typeof userPresence>;

/** `presence` socket event: a user's effective presence changed; to admins, the user and their queues' members. */
export const presenceEvent = z.object({ action: z.literal("update"), userId: z.number(), status: z.enum(presenceStatuses) });
export type PresenceEvent = z.infer<typeof presenceEvent>;
