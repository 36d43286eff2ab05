import type { ErrorCode } from "@atendo/contracts";

/**
 * Constraints (unique indexes, a few checks) whose violation is a client mistake with its own code
 * (where a service checks first, a race lost on the constraint still answers that code), in one
 * table next to the mapper's lookup. Any other constraint violation is still a 4xx
 * (ERR_MISSING_VALUES), never a 500.
 */
const constraintCodes: Record<string, ErrorCode> = {
  users_email_active_key: "ERR_EMAIL_ALREADY_EXISTS",
  users_extension_active_key: "ERR_EXTENSION_ALREADY_EXISTS",
  contacts_number_key: "ERR_DUPLICATED_CONTACT",
  queues_name_key: "ERR_QUEUE_NAME_ALREADY_EXISTS",
  queues_color_key: "ERR_QUEUE_COLOR_ALREADY_EXISTS",
  quick_answers_shortcut_key: "ERR_QUICK_ANSWER_SHORTCUT_EXISTS",
  tags_name_key: "ERR_TAG_NAME_EXISTS",
  // A label set naming a tag deleted meanwhile (or never made), on a record deleted meanwhile (docs/decisions/0072).
  ticket_tags_tag_id_tags_id_fk: "ERR_NO_TAG_FOUND",
  contact_tags_tag_id_tags_id_fk: "ERR_NO_TAG_FOUND",
  ticket_tags_ticket_id_tickets_id_fk: "ERR_NO_TICKET_FOUND",
  contact_tags_contact_id_contacts_id_fk: "ERR_NO_CONTACT_FOUND",
  tickets_active_contact_connection_key: "ERR_OTHER_OPEN_TICKET",
  ura_items_selector_key: "ERR_DUPLICATED_URAITEM_SELECTOR",
  announcements_name_key: "ERR_ANNOUNCEMENT_NAME_EXISTS",
  monitorings_name_key: "ERR_MONITORING_NAME_EXISTS",
  bots_name_key: "ERR_BOT_NAME_EXISTS",
  chats_direct_key: "ERR_OTHER_OPEN_CHAT",
  contact_imports_one_running_key: "ERR_IMPORT_RUNNING",
  // A check, not a unique index: a conversation made active on a deleted connection (docs/decisions/0039).
  tickets_active_connection_check: "ERR_NO_WAPP_FOUND",
};

/** The catalogued code of a violated constraint, when it has one. */
export function constraintCode(constraint: string | undefined): ErrorCode | undefined {
  return constraint ? constraintCodes[constraint] : undefined;
}

/** The PostgreSQL error (code, constraint) behind a driver or Drizzle error, if any. */
export function databaseError(error: unknown): { code?: string; constraint?: string } | undefined {
  // Drizzle wraps driver errors; the PostgreSQL error (pg or PGlite) is somewhere in the cause chain.
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: (e as { constraint?: string }).constraint };
    }
  }
  return undefined;
}

/** Socket-level failures reaching the server (Node's error codes). */
const unreachableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/**
 * PostgreSQL's own words for "not now": admin_shutdown, crash_shutdown, cannot_connect_now
 * (starting up, shutting down, in recovery); class 08 (connection exceptions) is matched whole.
 */
const unavailableStates = new Set(["57P01", "57P02", "57P03"]);
/** node-postgres reports a lost or timed-out connection by message only. */
const unreachableMessages = /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Cannot use a pool after calling end on the pool/;

/**
 * Whether the error (anywhere in its cause chain) says the database could not be reached or went
 * away mid-statement, as opposed to refusing the statement: a restart, a crash, a network cut.
 * Such a failure is answered 503 ERR_DATABASE_UNAVAILABLE and a driver's message is retried until
 * the database is back (docs/decisions/0100).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (unreachableCodes.has(code) || unavailableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    // A connect that failed on every address (localhost resolving to ::1 and 127.0.0.1) is an AggregateError.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && unreachableMessages.test(message)) return true;
  }
  return false;
}
