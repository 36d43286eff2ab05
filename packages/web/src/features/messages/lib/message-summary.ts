import type { MessageMediaType } from "@atendo/contracts";
import { parseLocation } from "./location";
import { parseVcard } from "./vcard";
import { parseFormatting, plainText } from "./whatsapp-format";

/** One line about a message for quotes and the reply bar: its kind (i18n key) and its text. */
export interface MessageSummary {
  /** `messages.types.*` for media, null for text. */
  typeKey: string | null;
  text: string;
}

export function summarize(message: { mediaType: MessageMediaType; body: string }): MessageSummary {
  switch (message.mediaType) {
    case "chat":
    case "chat-automatic":
      return { typeKey: null, text: plainText(parseFormatting(message.body)) };
    case "location":
      return { typeKey: "messages.types.location", text: parseLocation(message.body).name };
    case "vcard":
      return { typeKey: "messages.types.vcard", text: parseVcard(message.body).name ?? "" };
    default:
      // A media's body is its caption (or its file name).
      return { typeKey: `messages.types.${message.mediaType}`, text: plainText(parseFormatting(message.body)) };
  }
}
