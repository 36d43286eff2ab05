import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ownerId, serialId, timestamps, timestamptz } from "./columns.js";
import { singleUseToken, users } from "./users.js";

/**
 * A user's TOTP second factor (decision 0095). The secret is encrypted with the install's key
 * (secrets.ts); `enabledAt` is null between setup and the first code; `lastTimeStep` is the RFC 6238
 * step of the last accepted code, so a code is never accepted twice.
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  enabledAt: timestamptz("enabled_at"),
  lastTimeStep: bigint("last_time_step", { mode: "number" }),
  ...timestamps(),
});

/** One of a user's ten recovery codes: only its argon2id hash is kept; `usedAt` spends it. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serialId(),
    userId: ownerId("user_id", () => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId)],
);

/** The second step of a sign-in: the password passed; the token (SHA-256 kept) awaits a code, once, for 5 minutes. */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    id: serialId(),
    userId: ownerId("user_id", () => users.id),
    ...singleUseToken(),
  },
  (t) => [index("two_factor_challenges_user_idx").on(t.userId)],
);
