import { z } from "zod";
import { idParam, listPage, pageNumber, positiveId, timestamps } from "./common.js";
import { contact } from "./contacts.js";
import { limits } from "./limits.js";
import { ticketNote } from "./notes.js";
import { ticket } from "./tickets.js";

/**
 * Kinds of message (spec §3). `document` is the spec's "others" (a downloadable file);
 * `chat-automatic` is a text Atendo sent by itself (queue greeting, farewell).
 */
export const messageMediaTypes = ["chat", "image", "audio", "video", "document", "sticker", "location", "vcard", "chat-automatic"] as const;
export type MessageMediaType = (typeof messageMediaTypes)[number];

/** Delivery state (spec §3, §9): 0 pending, 1 sent, 3 delivered, 4 read, 5 played. */
export const messageAcks = [0, 1, 3, 4, 5] as const;
export type MessageAck = (typeof messageAcks)[number];
export const messageAck = z.literal(messageAcks);

/**
 * What a reply shows of the message it quotes, in a ticket and in an internal chat alike; each
 * adds who wrote it.
 */
export const quotedFields = {
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.enum(messageMediaTypes),
  isDeleted: z.boolean(),
};

/**
 * A message's file, in a ticket and in an internal chat alike: its kind ("chat" for none),
 * `mediaUrl` `/api/media/{name}` (null without a file, or once deleted), its type and original name.
 */
export const messageFileFields = {
  mediaType: z.enum(messageMediaTypes),
  mediaUrl: z.string().nullable(),
  mimeType: z.string().nullable(),
  fileName: z.string().nullable(),
};

/** Who wrote an inbound message: the ticket's contact, or in a group the member (`id` null). */
export const messageContact = z.object({ id: z.number().nullable(), name: z.string(), number: z.string() });
export type MessageContact = z.infer<typeof messageContact>;

/** The message a reply quotes, as the bubble shows it. */
export const quotedMessage = z.object({ ...quotedFields, contact: messageContact.nullable() });
export type QuotedMessage = z.infer<typeof quotedMessage>;

/**
 * A message of a ticket (spec §3). `mediaUrl` is `/api/media/{name}`: fetch it as a blob with the
 * bearer token (only users who may see the ticket get it). `failed` is true when the connection
 * could not deliver an outgoing message (after the last retry for API connections): show it as
 * not sent; `ack` then stays where it was, and `failureReason` says why when the channel told
 * (the WhatsApp Cloud API's error), else null. A received message is `failed` when its file could
 * not be saved (no `mediaUrl`), with an error code as `failureReason` (`ERR_STORAGE_FULL`,
 * docs/decisions/0101). `userId` is the attendant who sent it from Atendo.
 */
export const message = z.object({
  id: z.number(),
  ticketId: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  ...messageFileFields,
  ack: z.number(),
  failed: z.boolean(),
  failureReason: z.string().nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  isForwarded: z.boolean(),
  quotedMsg: quotedMessage.nullable(),
  contact: messageContact.nullable(),
  userId: z.number().nullable(),
  /**
   * Sent through the public send API (POST /messages/send) with the install's API token, not by
   * an attendant (userId is then null): how the ticket's history tells an integration's messages
   * apart. Always sent by the server; optional only for messages built by hand (web fixtures).
   */
  viaApi: z.boolean().optional(),
  ...timestamps,
});
export type Message = z.infer<typeof message>;

export const ticketIdParam = z.object({ ticketId: positiveId });

/**
 * GET /messages/{ticketId} {pageNumber}: page 1 holds the newest `limits.messagePageSize`
 * messages; each page is in chronological order (oldest first). Reading page 1 resets the
 * ticket's unread count (a `ticket` `updateUnread` event); so does PUT /messages/{ticketId}
 * (no body, answers `okResponse`), which the web calls when a message arrives in the ticket on
 * screen. Only the owner's reading resets the count. `notes` are the ticket's private notes that
 * sit among this page's messages (each right after its `afterMessageId`; page 1 also those written
 * after its newest message, the last page those written before its oldest): staff only, never a
 * message (docs/decisions/0073).
 */
export const listMessagesQuery = z.object({ pageNumber });
export const messagePage = listPage("messages", message).extend({
  ticket,
  notes: z.array(ticketNote),
  /**
   * WhatsApp Cloud API tickets: when the 24-hour customer-service window closes (the customer's
   * last message on the connection + 24 h; in the past once closed; null when they never wrote).
   * Absent on other channels, which have no window.
   */
  serviceWindowEndsAt: z.string().nullable().optional(),
});
export type MessagePage = z.infer<typeof messagePage>;

/**
 * POST /messages/{ticketId} as JSON: a text (blank is refused). `quotedMsg` is the message being
 * replied to (only its `id` is read); it must belong to the same contact and connection.
 * Multipart instead: `medias` (1–10 files) and an optional `body` used as the first file's caption;
 * images, audio and video up to 16 MB, other files up to 100 MB (413 `ERR_PAYLOAD_TOO_LARGE`);
 * the type is read from the content (415 `FILE_NOT_SUPPORTED` for executables or a file that
 * claims to be media and is not). Senders: the owner of the open ticket, a participant, an admin.
 */
export const sendMessageBody = z.object({
  body: z.string().trim().min(1).max(limits.messageBodyMax),
  quotedMsg: z.object({ id: z.number().int().positive() }).nullable().optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** Answer of POST /messages/{ticketId}: the stored messages (one per file, or the text). */
export const sentMessages = z.object({ messages: z.array(message) });
export type SentMessages = z.infer<typeof sentMessages>;

/**
 * `appMessage` socket event, to who may see the ticket: `create` carries the message with its
 * ticket (lastMessage, unreadMessages updated) and contact; `update` carries the changed message
 * (ack, failed, deleted); `edit` the message whose text the customer edited (`isEdited`), as the
 * spec's clients expect (§4 "Message events: create, update, edit").
 */
export const appMessageEvent = z.discriminatedUnion("action", [
  z.object({ action: z.literal("create"), message, ticket, contact }),
  z.object({ action: z.enum(["update", "edit"]), message }),
]);
export type AppMessageEvent = z.infer<typeof appMessageEvent>;

/**
 * DELETE /messages/{id} {ticketId}: deletes a message for everyone (own messages sent from
 * Atendo: its sender or an admin), kept in the list as deleted. Refused when `ticketId` is not the
 * message's ticket or uses another connection (the web warns first).
 */
export const messageIdParam = idParam;
export const deleteMessageBody = z.object({ ticketId: z.number().int().positive() });

/** Who signs a message (spec §2): the attendant's name and, when set, extension. */
export interface Signer {
  name: string;
  extension: string | null;
}

/** The first line a signature adds: `*Ana Souza* (1234)`; null for a name that is blank once cleaned. */
export function signatureLine(signer: Signer): string | null {
  // An asterisk inside the name would end the bold early on the customer's side.
  const name = signer.name.replaceAll("*", "").trim();
  if (!name) return null;
  const extension = signer.extension?.trim();
  return `*${name}*${extension ? ` (${extension})` : ""}`;
}

/**
 * The attendant's signature on sent text (spec §2, docs/decisions/0028): the name in bold, the
 * extension in parentheses when there is one, then the text on the next line:
 * `*Ana Souza* (1234)\nHello`.
 */
export function signedText(text: string, signer: Signer): string {
  const line = signatureLine(signer);
  return line ? `${line}\n${text}` : text;
}

/**
 * A sent text without its writer's signature: what previews (the ticket list's last message) show,
 * since the customer needs the name but the team already sees who wrote. Text not starting with
 * exactly this signer's line is returned as it is.
 */
export function withoutSignature(text: string, signer: Signer): string {
  const line = signatureLine(signer);
  return line && text.startsWith(`${line}\n`) ? text.slice(line.length + 1) : text;
}
