import { languages } from "@atendo/contracts";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bigserialId, createdAt, ownerId, timestamptz } from "./columns.js";
import { inValues } from "./in-values.js";
import { users } from "./users.js";

/**
 * One browser that asked for Web Push notifications (docs/decisions/0042): the push service's
 * endpoint and the keys the payload is encrypted with (RFC 8291). An endpoint belongs to one user:
 * subscribing it again (another user signing in on the same browser) moves it.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserialId(),
    userId: ownerId("user_id", () => users.id),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: text("p256dh").notNull(),
    /** The 16-byte authentication secret, base64url. */
    auth: text("auth").notNull(),
    /** The language the browser used when it subscribed: the notification's texts are in it. */
    language: text("language", { enum: languages }).notNull(),
    createdAt: createdAt(),
    /** Last successful delivery; null until the first. */
    lastPushedAt: timestamptz("last_pushed_at"),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    // Sending looks subscriptions up by the users entitled to see a ticket.
    index("push_subscriptions_user_idx").on(t.userId),
    check("push_subscriptions_language_check", inValues(t.language, languages)),
  ],
);
