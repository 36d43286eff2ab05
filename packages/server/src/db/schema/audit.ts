import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { bigserialId, createdAt } from "./columns.js";

/**
 * The audit log (issue 34, docs/decisions/0097): one row per sign-in, credential change, admin
 * change, export and delete, written by the publishing write's own transaction (modules/audit).
 * Who is kept as it was then (id, name, e-mail: no foreign key, so entries outlive their user).
 * `changes` holds `{field: {before, after}}` of the fields that changed; `snapshot` the entity as
 * it stood after (secrets fingerprinted, never kept), which the next entry of that entity diffs
 * against. Pruned after the `auditRetentionDays` setting (jobs/audit-prune.ts).
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigserialId(),
    createdAt: createdAt(),
    userId: integer("user_id"),
    userName: text("user_name"),
    userEmail: text("user_email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    action: text("action").notNull(),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_entries_created_idx").on(t.createdAt, t.id),
    index("audit_entries_user_idx").on(t.userId, t.createdAt),
    index("audit_entries_action_idx").on(t.action, t.createdAt),
    index("audit_entries_entity_idx").on(t.entityType, t.entityId, t.id),
  ],
);
