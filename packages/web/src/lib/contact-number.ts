import { identityOf } from "@atendo/contracts";

/**
 * What to show for a contact's number: the number, or for a customer of a channel without phone
 * numbers (a Telegram chat, a website visitor: a channel identity, docs/decisions/0088) the channel.
 */
export function contactNumberText(number: string, t: (key: string) => string): string {
  const identity = identityOf(number);
  return identity ? t(`channels.visitor.${identity.channel}`) : number;
}

/** Whether the number can be dialled (not a channel identity). */
export const isPhoneNumber = (number: string): boolean => identityOf(number) === null;
