/**
 * WhatsApp increasingly addresses people by a "LID" (`123…@lid`, a privacy id) instead of their
 * phone JID (`5511…@s.whatsapp.net`). The same person may arrive either way; to keep them one
 * contact, every LID→phone pairing Baileys reveals is stored (whatsapp_lid_map) and LIDs are
 * translated back to the phone number before a message reaches the pipeline.
 *
 * What Baileys 6.17.16 reveals (checked in its lib/Types and lib/Socket):
 * - `chats.phoneNumberShare` {lid, jid} when a LID contact shares its number;
 * - `contacts.upsert` / `contacts.update` / `messaging-history.set` contacts carrying `{id, lid}`;
 * - our own `sock.user` {id, lid}.
 * Its message keys have no phone-number field; later versions add `senderPn`/`participantPn`/
 * `remoteJidAlt`/`participantAlt`, which `learnFromKey` reads when present (forward compatible).
 */
import { isJidUser, isLidUser, jidDecode, jidNormalizedUser, type Contact, type WAMessageKey } from "baileys";
import { normalizeNumber } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { whatsappLidMap } from "../../db/schema/connections.js";

/** The phone digits of a JID (`5511…:3@s.whatsapp.net` → `5511…`); "" when it has none. */
export function jidNumber(jid: string | null | undefined): string {
  return normalizeNumber(jidDecode(jid ?? undefined)?.user ?? "");
}

/** A LID without its device part, as stored: `123@lid`. */
const lidKey = (lid: string): string => jidNormalizedUser(lid);

export interface LidMap {
  /** Records lid→phone when one side is a LID and the other a phone JID (any order). */
  remember(a: string | null | undefined, b: string | null | undefined): Promise<void>;
  learnFromContacts(contacts: Partial<Contact>[]): Promise<void>;
  learnFromKey(key: WAMessageKey | null | undefined): Promise<void>;
  /** Phone digits for a LID, or undefined when no mapping is known. */
  phoneOf(lid: string): Promise<string | undefined>;
  /** Digits to use for any JID: a known LID becomes its phone; an unknown LID keeps its own digits. */
  numberOf(jid: string): Promise<string>;
}

/** Later Baileys versions put the other identity of a sender on the key; 6.17.16 does not. */
interface KeyWithAlternates {
  remoteJid?: string | null;
  participant?: string | null;
  senderPn?: string | null;
  participantPn?: string | null;
  remoteJidAlt?: string | null;
  participantAlt?: string | null;
}

/**
 * `onLearned(lidDigits, phone)` runs when a LID gets a phone number it did not have: a contact
 * stored under the LID's digits before (nothing mapped it yet) can then take the number.
 */
export function createLidMap(db: Db, connectionId: number, onLearned?: (lidDigits: string, phone: string) => Promise<void>): LidMap {
  // LIDs are stable, so a process-wide cache per connection avoids a query per message.
  const cache = new Map<string, string>();

  async function remember(a: string | null | undefined, b: string | null | undefined): Promise<void> {
    if (!a || !b) return;
    const [lid, phoneJid] = isLidUser(a) ? [a, b] : [b, a];
    if (!isLidUser(lid) || !isJidUser(phoneJid)) return;
    const key = lidKey(lid);
    const phone = jidNumber(phoneJid);
    if (!phone || cache.get(key) === phone) return;
    const [before] = await db
      .select({ phone: whatsappLidMap.phone })
      .from(whatsappLidMap)
      .where(and(eq(whatsappLidMap.connectionId, connectionId), eq(whatsappLidMap.lid, key)));
    await db
      .insert(whatsappLidMap)
      .values({ connectionId, lid: key, phone })
      .onConflictDoUpdate({ target: [whatsappLidMap.connectionId, whatsappLidMap.lid], set: { phone } });
    cache.set(key, phone);
    if (before?.phone !== phone) await onLearned?.(jidNumber(key), phone);
  }

  async function phoneOf(lid: string): Promise<string | undefined> {
    const key = lidKey(lid);
    const cached = cache.get(key);
    if (cached) return cached;
    const [row] = await db
      .select({ phone: whatsappLidMap.phone })
      .from(whatsappLidMap)
      .where(and(eq(whatsappLidMap.connectionId, connectionId), eq(whatsappLidMap.lid, key)));
    if (row) cache.set(key, row.phone);
    return row?.phone;
  }

  return {
    remember,
    phoneOf,
    async learnFromContacts(contacts) {
      for (const contact of contacts) await remember(contact.id, contact.lid);
    },
    async learnFromKey(key) {
      const k = key as KeyWithAlternates | null | undefined;
      if (!k) return;
      await remember(k.remoteJid, k.senderPn ?? k.remoteJidAlt);
      await remember(k.participant, k.participantPn ?? k.participantAlt);
    },
    async numberOf(jid) {
      if (isLidUser(jid)) return (await phoneOf(jid)) ?? jidNumber(jid);
      return jidNumber(jid);
    },
  };
}
