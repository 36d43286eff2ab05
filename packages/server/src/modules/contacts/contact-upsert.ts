import { limits } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { contacts } from "../../db/schema/index.js";

export type ContactRow = typeof contacts.$inferSelect;

export interface ContactInput {
  /** Digits only (normalizeNumber). */
  number: string;
  name?: string;
  isGroup: boolean;
  profilePicUrl?: string;
}

/** A name the contacts screen accepts (2–50): the one given, else the number. */
export function contactName(input: ContactInput): string {
  const name = input.name?.trim().slice(0, limits.name.max) ?? "";
  return name.length >= limits.name.min ? name : input.number.slice(0, limits.name.max);
}

/**
 * The contact of a number, created on first contact. An existing contact keeps its name (an
 * attendant may have edited it); its profile picture follows the channel. Insert-or-nothing
 * then read: concurrent first messages from one number meet at the unique index, no lock held.
 * `created`: this call made it (the caller announces it once its transaction committed).
 */
export async function upsertContact(tx: Db, input: ContactInput): Promise<{ contact: ContactRow; created: boolean }> {
  const [inserted] = await tx
    .insert(contacts)
    .values({ name: contactName(input), number: input.number, isGroup: input.isGroup, profilePicUrl: input.profilePicUrl ?? null })
    .onConflictDoNothing({ target: contacts.number })
    .returning();
  if (inserted) return { contact: inserted, created: true };
  return { contact: await updateExisting(tx, input), created: false };
}

async function updateExisting(tx: Db, input: ContactInput): Promise<ContactRow> {
  const [existing] = await tx.select().from(contacts).where(eq(contacts.number, input.number)).limit(1);
  if (!existing) throw new Error(`contact ${input.number} vanished between insert and select`);
  if (input.profilePicUrl && input.profilePicUrl !== existing.profilePicUrl) {
    const [updated] = await tx
      .update(contacts)
      .set({ profilePicUrl: input.profilePicUrl, updatedAt: new Date() })
      .where(eq(contacts.id, existing.id))
      .returning();
    return updated ?? existing;
  }
  return existing;
}
