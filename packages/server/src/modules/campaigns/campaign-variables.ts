import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contactCustomFields } from "../../db/schema/index.js";

/** What a message's variables are read from: the contact and its custom fields. */
export interface VariableSource {
  name: string;
  number: string;
  /** Custom fields by name, lower-cased. */
  fields: ReadonlyMap<string, string>;
}

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * The body as one contact reads it: `{{name}}`, `{{firstName}}`, `{{number}}`, and any custom
 * field by its name (case-insensitive, `{{City}}` = `{{city}}`); a variable the contact has no
 * value for becomes empty rather than reaching the customer as braces. The preview and the
 * runner share it, so the preview is what is sent.
 */
export function renderBody(body: string, source: VariableSource): string {
  return body.replace(VARIABLE, (_whole, rawKey: string) => {
    const key = rawKey.toLowerCase();
    if (key === "name") return source.name;
    if (key === "firstname") return source.name.trim().split(/\s+/)[0] ?? "";
    if (key === "number") return source.number;
    return source.fields.get(key) ?? "";
  });
}

/** The custom fields of these contacts, by contact, each map keyed by the lower-cased field name. */
export async function customFieldsOf(db: Db, contactIds: readonly number[]): Promise<Map<number, Map<string, string>>> {
  const byContact = new Map<number, Map<string, string>>();
  if (contactIds.length === 0) return byContact;
  const rows = await db.select().from(contactCustomFields).where(inArray(contactCustomFields.contactId, [...contactIds]));
  for (const row of rows) {
    const fields = byContact.get(row.contactId) ?? new Map<string, string>();
    fields.set(row.name.trim().toLowerCase(), row.value);
    byContact.set(row.contactId, fields);
  }
  return byContact;
}
