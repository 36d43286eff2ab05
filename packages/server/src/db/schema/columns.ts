import { bigserial, integer, serial, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

// Column groups every table spells the same way. Functions, not constants: drizzle needs a
// fresh builder per table. The SQL they produce is the one the migrations already hold.

/** A point in time, always stored with its time zone. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was written; set by the database. */
export function createdAt() {
  return timestamptz("created_at").notNull().defaultNow();
}

/** When the row last changed: set by the database on insert, by the writer on update. */
export function updatedAt() {
  return timestamptz("updated_at").notNull().defaultNow();
}

/** `createdAt` and `updatedAt`, the last two columns of every entity table. */
export function timestamps() {
  return { createdAt: createdAt(), updatedAt: updatedAt() };
}

/** An entity's id. */
export function serialId() {
  return serial("id").primaryKey();
}

/** The id of a table that grows without bound (messages, outboxes), as a JS number. */
export function bigserialId() {
  return bigserial("id", { mode: "number" }).primaryKey();
}

/** The row this one belongs to: required, and deleting that row deletes this one. */
export function ownerId(name: string, owner: () => AnyPgColumn) {
  return integer(name).notNull().references(owner, { onDelete: "cascade" });
}

/** An optional link to another row, cleared (null) when that row is deleted. */
export function linkId(name: string, target: () => AnyPgColumn) {
  return integer(name).references(target, { onDelete: "set null" });
}
