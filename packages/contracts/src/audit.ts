import { z } from "zod";
import { listPage, pageNumber, positiveId } from "./common.js";
import { reportMoment } from "./reports.js";

/**
 * The audit log (issue 34, docs/decisions/0097): who did what, when and from where. Entries are
 * written by the server from its domain events; secrets are never kept (a changed secret shows
 * as a fingerprint, `auditSecretFields`).
 */

/**
 * Field (and setting) names whose values never reach an entry: matched case-insensitively as a
 * part of the name, so `webhookSecret`, `apiToken`, `botToken`, `userApiToken`, `passwordHash`,
 * `recoveryCodes` are all covered.
 */
export const auditSecretFields = ["password", "token", "secret", "recovery", "otp", "apikey", "accesskey", "privatekey", "credential", "hash"] as const;

/** Whether a field's value is a secret (see auditSecretFields). */
export function isAuditSecretField(name: string): boolean {
  const lower = name.toLowerCase();
  return auditSecretFields.some((part) => lower.includes(part));
}

/** The entities whose admin changes are logged as `<entity>.created|updated|deleted`. */
export const auditedEntities = ["user", "queue", "connection", "ura", "announcement", "bot", "monitoring", "quickAnswer", "tag", "automation", "campaign"] as const;

/** Every action the log writes (the screen's action filter offers them). */
export const auditActions = [
  "auth.signIn",
  "auth.credentialsChanged",
  ...auditedEntities.flatMap((entity) => [`${entity}.created`, `${entity}.updated`, `${entity}.deleted`]),
  "setting.updated",
  "ticket.deleted",
  "contact.deleted",
  "message.deleted",
  "contactImport.started",
  "data.exported",
] as const;

/** A changed field's value before and after (null: absent, or before the log knew the entity). */
export const auditChange = z.object({ before: z.unknown(), after: z.unknown() });

/**
 * One entry. `action`: `<entity>.created|updated|deleted` for an admin change (`user`, `queue`,
 * `connection`, `setting`, `ura`, …), `ticket.deleted`, `contact.deleted`, `message.deleted`,
 * `auth.signIn` (`details.outcome`, `details.method`), `auth.credentialsChanged`
 * (`details.change`), `contactImport.started`, `data.exported` (`details`: what and with which
 * filters). `userId` null: nobody signed in (a failed sign-in with an unknown e-mail, the command line).
 */
export const auditEntry = z.object({
  id: z.number(),
  createdAt: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), auditChange).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = listPage("entries", auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

/** Entries per page of GET /api/audit. */
export const auditPageSize = 50;

/**
 * GET /api/audit (admins): newest first. `from`/`to`: ISO dates or date-times (without an offset,
 * on the install's clock), both included; a malformed one or a year outside `limits.dateYears` is
 * ERR_INVALID_DATE, `from` after `to` ERR_PERIOD_END_BEFORE_START. `format=csv`: every matching
 * entry as a CSV file instead of a page.
 */
export const auditQuery = z.object({
  pageNumber,
  userId: z.union([positiveId, z.literal("")]).optional(),
  action: z.string().trim().max(100).optional(),
  from: reportMoment.optional(),
  to: reportMoment.optional(),
  format: z.literal("csv").optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;
