import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ownerId, serialId, timestamps, timestamptz } from "./columns.js";

export const contacts = pgTable(
  "contacts",
  {
    id: serialId(),
    name: text("name").notNull(),
    /** Digits only (normalizeNumber in contracts): one phone, one contact. */
    number: text("number").notNull(),
    email: text("email"),
    profilePicUrl: text("profile_pic_url"),
    isGroup: boolean("is_group").notNull().default(false),
    /** When the customer asked for no more outreach (an opt-out keyword, issue 31); null: reachable. */
    optedOutAt: timestamptz("opted_out_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contacts_number_key").on(t.number),
    check("contacts_number_digits_check", sql`${t.number} ~ '^[0-9]+$'`),
    // The list is ordered by lower(name); searches are ILIKE scans bounded by the page size.
    index("contacts_name_idx").on(sql`lower(${t.name})`, t.id),
    // Ticket search: contact name (ILIKE) and number (LIKE) anywhere, by trigrams (pg_trgm).
    index("contacts_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("contacts_number_trgm_idx").using("gin", t.number.op("gin_trgm_ops")),
  ],
);

/** Extra name/value pairs of a contact (spec: extraInfo). */
export const contactCustomFields = pgTable(
  "contact_custom_fields",
  {
    id: serialId(),
    contactId: ownerId("contact_id", () => contacts.id),
    name: text("name").notNull(),
    value: text("value").notNull(),
  },
  (t) => [index("contact_custom_fields_contact_idx").on(t.contactId)],
);
