/**
 * A customer of a channel without phone numbers (a Telegram chat, a website visitor) is a contact
 * like any other, so every screen, rule and report works the same; its `number` is a channel
 * identity (docs/decisions/0088): 17 digits, a two-digit channel prefix and the channel's own id
 * padded to 15. A phone number has at most 15 digits (E.164) and a WhatsApp group id 18, so the
 * two never meet.
 */
export const channelIdentityPrefixes = { telegram: "90", webchat: "91" } as const;
export type IdentityChannel = keyof typeof channelIdentityPrefixes;

const identityLength = 17;

/** The contact number of the channel's id `id` (digits: a Telegram chat id, a visitor's id). */
export function channelIdentity(channel: IdentityChannel, id: string | number | bigint): string {
  const digits = String(id).replace(/^-/, "");
  if (!/^\d{1,15}$/.test(digits)) throw new Error(`not a channel id: ${String(id)}`);
  return channelIdentityPrefixes[channel] + digits.padStart(identityLength - 2, "0");
}

/** Which channel a contact number is an identity of, and the channel's id; null for a phone number. */
export function identityOf(number: string): { channel: IdentityChannel; id: string } | null {
  if (number.length !== identityLength) return null;
  for (const [channel, prefix] of Object.entries(channelIdentityPrefixes) as [IdentityChannel, string][]) {
    if (number.startsWith(prefix)) return { channel, id: number.slice(2).replace(/^0+(?=\d)/, "") };
  }
  return null;
}
