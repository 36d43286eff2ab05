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
