import type { ErrorCode } from "./errors.js";

/**
 * Catalogued codes the server never answers today, each with the reason (decision 0067). They stay
 * in the catalogue because the spec's clients know them (§8) and translate them; a code leaves this
 * list the day a call answers it (scripts/error-codes.test.ts holds both ways).
 */
export const reservedErrorCodes = {
  ERR_WAPP_DOWNLOAD_MEDIA:
    "A received file is downloaded as it arrives, by the inbound path, which answers no call: a failed download stores the message without its file and logs a warning. Files are served from MEDIA_DIR; no call downloads from a connection.",
  ERR_CREATING_TICKET:
    "Starting a ticket either succeeds, answers the existing active ticket (the unique index decides) or fails with the code of what was wrong (contact, connection, queue, number); anything else is a bug and answers ERR_INTERNAL.",
  ERR_FETCH_WAPP_MSG:
    "Every message is stored when it is sent or received; quoting, forwarding, deleting and paging read the stored copy. No call fetches a message from a connection.",
  ERR_WAPP_GREETING_REQUIRED:
    "A connection leads new customers to one destination; offering several queues is a URA, whose menu (name and description, both required) is what the customer reads. A queue's greeting stays optional (decision 0006), so no save lacks a required greeting.",
  ERR_DISCONNECT_WPP:
    "Disconnecting answers at once with DISCONNECTING and logs out in the background (up to two minutes, spec §4); a failed logout is logged and a fresh session starts anyway, followed through whatsappSession events, not a call's answer.",
} as const satisfies Partial<Record<ErrorCode, string>>;

export type ReservedErrorCode = keyof typeof reservedErrorCodes;
