// A module without zod: the web checks each incoming server event against this outline instead
// of parsing it with the contract's schema, and so does not download zod after sign-in
// (docs/decisions/0043). server-event-shapes.test.ts keeps it equal to `serverEvents`.

/** What one action of an event carries at its top level: keys holding a record, a number, a text (e.g. an enum's value). */
export interface ServerEventActionShape {
  readonly records: readonly string[];
  readonly numbers: readonly string[];
  readonly texts?: readonly string[];
}

const upsert = (records: string[]): ServerEventActionShape => ({ records, numbers: [] });
const removal = (numbers: string[]): ServerEventActionShape => ({ records: [], numbers });

/** An entity event's outline (`entityEvent` in entity-event.ts). */
const entityShape = (name: string) => ({ create: upsert([name]), update: upsert([name]), delete: removal([`${name}Id`]) });

const ticketUpserts = [
  "create", "update", "assigned", "monitoringExecuted", "updateQueue", "addParticipant", "removeParticipant",
  "transferOwner", "pending", "closed", "closedByMessageCode",
] as const;
const importProgress: ServerEventActionShape = {
  records: ["import"],
  numbers: ["progress", "totalCount", "successCount", "failedCount", "repeatedCount"],
};

/**
 * Each server event's actions (spec §7), and per action the top-level keys its payload carries.
 * An action missing here is one this build does not know (a newer server's).
 */
export const serverEventShapes: Record<string, Readonly<Record<string, ServerEventActionShape>>> = {
  user: entityShape("user"),
  ticket: {
    ...Object.fromEntries(ticketUpserts.map((action) => [action, upsert(["ticket"])])),
    delete: removal(["ticketId"]),
    updateUnread: removal(["ticketId"]),
  },
  appMessage: { create: upsert(["message", "ticket", "contact"]), update: upsert(["message"]), edit: upsert(["message"]) },
  contact: entityShape("contact"),
  settings: { update: upsert(["setting"]) },
  chat: {
    create: upsert(["chat"]),
    update: upsert(["chat"]),
    addParticipant: upsert(["chat"]),
    removeParticipant: { records: ["chat"], numbers: ["userId"] },
    updateUnread: removal(["chatId"]),
    delete: removal(["chatId"]),
  },
  appChatMessage: { create: upsert(["message", "chat"]), update: upsert(["message"]) },
  whatsapp: { update: upsert(["whatsapp"]), delete: removal(["whatsappId"]) },
  whatsappSession: { update: upsert(["session"]) },
  quickAnswer: entityShape("quickAnswer"),
  queue: entityShape("queue"),
  ContactsImports: { progressEvent: importProgress, finishedImport: importProgress },
  ura: entityShape("ura"),
  announcement: entityShape("announcement"),
  bot: entityShape("bot"),
  campaign: entityShape("campaign"),
  monitoring: entityShape("monitoring"),
  tag: entityShape("tag"),
  note: { create: upsert(["note"]), update: upsert(["note"]), delete: removal(["noteId", "ticketId"]) },
  mention: { create: { records: ["mention"], numbers: ["unread"] }, update: { records: ["mention"], numbers: ["unread"] }, delete: removal(["mentionId", "unread"]) },
  presence: { update: { records: [], numbers: ["userId"], texts: ["status"] } },
  slaBreached: { breached: { records: [], numbers: ["ticketId"], texts: ["target", "dueAt"] } },
  connectionIncident: { alerted: upsert(["incident"]), recovered: upsert(["incident"]) },
  schedule: entityShape("schedule"),
  session: { ended: { records: [], numbers: [], texts: ["reason"] } },
};
