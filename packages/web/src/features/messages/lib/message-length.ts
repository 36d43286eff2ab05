import { limits } from "@atendo/contracts";

/** From this share of the limit on, the composer shows how many characters are left. */
export const lengthWarningShare = 0.9;

export interface MessageLength {
  /** Characters the server will count: the text as sent (trimmed, signed), in UTF-16 units as zod counts. */
  length: number;
  max: number;
  /** Show the counter: the text is near or over the limit. */
  shown: boolean;
  /** Characters to remove before it can go; 0 within the limit. */
  over: number;
}

/** How a text to send stands against the server's limit on a message body (spec §7 POST /messages). */
export function messageLength(sent: string | null, max: number = limits.messageBodyMax): MessageLength {
  const length = sent?.length ?? 0;
  return { length, max, shown: length >= Math.ceil(max * lengthWarningShare), over: Math.max(0, length - max) };
}
