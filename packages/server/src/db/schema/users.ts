import { presenceStatuses, profiles } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, linkId, ownerId, serialId, timestamps, timestamptz } from "./columns.js";
import { connections } from "./connections.js";
import { inValues } from "./in-values.js";

/**
 * A secret handed out once (a refresh cookie, a reset link): only its SHA-256 is stored, it
 * expires, and `usedAt` is set when it is spent.
 */
export function singleUseToken() {
  return {
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  };
}

export const users = pgTable(
  "users",
  {
    id: serialId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /**
     * A bcrypt hash brought over by the Whaticket import (docs/decisions/0049): accepted at one
     * login, which replaces it with an argon2id `passwordHash` and clears it.
     */
    legacyPasswordHash: text("legacy_password_hash"),
    profile: text("profile", { enum: profiles }).notNull().default("user"),
    extension: text("extension"),
    /** The user's default connection; deleting the connection clears it. */
    whatsappId: linkId("whatsapp_id", () => connections.id),
    canSeeAllTicketHistory: boolean("can_see_all_ticket_history").notNull().default(false),
    /** Effective presence (online, away, offline): what assignment and the monitor read. */
    presence: text("presence", { enum: presenceStatuses }).notNull().default("offline"),
    /** The presence the user chose by hand (PUT /users/me/presence); what a socket connecting restores (decision 0078). */
    presenceChoice: text("presence_choice", { enum: presenceStatuses }).notNull().default("online"),
    /** When a socket of theirs was last known connected (connect, disconnect, each instance's round); null: never. */
    presenceSeenAt: timestamptz("presence_seen_at"),
    /** Most open tickets automatic assignment gives this user; null is unlimited. */
    maxOpenTickets: integer("max_open_tickets"),
    /**
     * The turn of this user's last automatic assignment (a number that only grows, given under the
     * assignment lock); null: never assigned. Round robin picks the smallest (docs/decisions/0079).
     */
    lastAssignmentTurn: bigint("last_assignment_turn", { mode: "number" }),
    isDeleted: boolean("is_deleted").notNull().default(false),
    /** Bumped to revoke every token of the user at once (logout everywhere, token reuse). */
    tokenVersion: integer("token_version").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // A soft-deleted user keeps their email so the re-enable flow can find them.
    uniqueIndex("users_email_active_key").on(sql`lower(${t.email})`).where(sql`not ${t.isDeleted}`),
    uniqueIndex("users_extension_active_key").on(t.extension).where(sql`not ${t.isDeleted}`),
    // The users list shows active users ordered by lower(name).
    index("users_name_active_idx").on(sql`lower(${t.name})`, t.id).where(sql`not ${t.isDeleted}`),
    check("users_profile_check", inValues(t.profile, profiles)),
    check("users_presence_check", inValues(t.presence, presenceStatuses)),
    check("users_presence_choice_check", inValues(t.presenceChoice, presenceStatuses)),
    check("users_max_open_tickets_check", sql`${t.maxOpenTickets} is null or ${t.maxOpenTickets} > 0`),
  ],
);

/** One sign-in on one browser. Logout or a reused refresh token revokes it. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: ownerId("user_id", () => users.id),
    revokedAt: timestamptz("revoked_at"),
    /**
     * Signed in while every user must have a second factor and this one has none: the session may
     * only enrol (decision 0095); enrolling clears it on every session of the user.
     */
    twoFactorEnrolmentPending: boolean("two_factor_enrolment_pending").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Refresh tokens rotate on every use; each row is one issued cookie value. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serialId(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** The cookie value's token, spent when it is exchanged for the next one. */
    ...singleUseToken(),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

/**
 * One "forgot password" link (docs/decisions/0033): single use, short-lived, and only the SHA-256
 * of the token is stored, as for refresh tokens. Setting a new password spends every open one.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serialId(),
    userId: ownerId("user_id", () => users.id),
    ...singleUseToken(),
  },
  // Recent links of a user: the per-address mail limit counts them.
  (t) => [index("password_reset_tokens_user_idx").on(t.userId, t.createdAt)],
);
