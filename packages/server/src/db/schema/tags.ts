import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ownerId, serialId, timestamps } from "./columns.js";
import { contacts } from "./contacts.js";
import { uniqueNameKey } from "./indexes.js";
import { tickets } from "./tickets.js";

/** Labels (issue 29, docs/decisions/0072): names unique regardless of case, a `#RRGGBB` colour. */
export const tags = pgTable(
  "tags",
  {
    id: serialId(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueNameKey("tags", t.name)],
);

/**
 * A ticket's labels. The key (ticket, tag) presents a ticket's labels; the index by tag answers
 * the list filter `tagIds` from the label's side and counts a label's use (its delete confirmation).
 * Deleting a tag or a ticket deletes its links.
 */
export const ticketTags = pgTable(
  "ticket_tags",
  {
    ticketId: ownerId("ticket_id", () => tickets.id),
    tagId: ownerId("tag_id", () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index("ticket_tags_tag_idx").on(t.tagId, t.ticketId)],
);

/** A contact's labels, as ticket_tags. */
export const contactTags = pgTable(
  "contact_tags",
  {
    contactId: ownerId("contact_id", () => contacts.id),
    tagId: ownerId("tag_id", () => tags.id),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index("contact_tags_tag_idx").on(t.tagId, t.contactId)],
);
