import type { ExtraInfo, extraInfoInput } from "@atendo/contracts";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { contactCustomFields } from "../../db/schema/index.js";

type ExtraInfoInput = z.output<typeof extraInfoInput>;

/** Extra info of many contacts in one query (list presenters must not query per row). */
export async function extraInfoOfContacts(db: Db, contactIds: readonly number[]): Promise<Map<number, ExtraInfo[]>> {
  const byContact = new Map<number, ExtraInfo[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return byContact;
  const rows = await db
    .select()
    .from(contactCustomFields)
    .where(inArray(contactCustomFields.contactId, [...contactIds]))
    .orderBy(asc(contactCustomFields.id));
  for (const { contactId, id, name, value } of rows) byContact.get(contactId)?.push({ id, name, value });
  return byContact;
}

/**
 * Makes the contact's extra info exactly `items`, keeping the ids of pairs sent back with their
 * id (so a client's references stay valid) and adding the rest. Call inside the contact's transaction.
 */
export async function saveExtraInfo(tx: Db, contactId: number, items: readonly ExtraInfoInput[]): Promise<void> {
  const ofContact = eq(contactCustomFields.contactId, contactId);
  const existing = new Set(
    (await tx.select({ id: contactCustomFields.id }).from(contactCustomFields).where(ofContact)).map((row) => row.id),
  );
  const kept = new Map<number, ExtraInfoInput>();
  const added: ExtraInfoInput[] = [];
  for (const item of items) {
    // An unknown id (or one sent twice) is another contact's or a stale pair: store it as new.
    if (item.id !== undefined && existing.has(item.id) && !kept.has(item.id)) kept.set(item.id, item);
    else added.push(item);
  }
  await tx.delete(contactCustomFields).where(and(ofContact, kept.size ? notInArray(contactCustomFields.id, [...kept.keys()]) : undefined));
  for (const [id, item] of kept) {
    await tx.update(contactCustomFields).set({ name: item.name, value: item.value }).where(eq(contactCustomFields.id, id));
  }
  if (added.length > 0) {
    await tx.insert(contactCustomFields).values(added.map((item) => ({ contactId, name: item.name, value: item.value })));
  }
}
