import type { Contact } from "@atendo/contracts";
import type { contacts } from "../../db/schema/index.js";

type ContactRow = typeof contacts.$inferSelect;

/**
 * A contact row as the API shows it, with its extra fields and labels read by the caller (the
 * contacts list in two queries, a ticket in its own JSON subqueries): the one place a contact's
 * columns become the contract's fields.
 */
export function presentContactRow(row: ContactRow, extraInfo: Contact["extraInfo"], tags: Contact["tags"]): Contact {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    extraInfo,
    tags,
    optedOut: row.optedOutAt !== null,
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
