/**
 * The API channel (docs/api-channel.md): any external system (an SMS gateway, a website chat,
 * another app) exchanges messages with Atendo over HTTP, authenticated by the connection's
 * `apiToken`; replies go to its `webhookUrl`, signed with its `webhookSecret`.
 */
import { z } from "zod";
import { entityName, positiveId } from "./common.js";
import { normalizeNumber } from "./contacts.js";
import { acceptedYears, isYearAccepted } from "./dates.js";
import { failsWith } from "./errors.js";
import { limits } from "./limits.js";
import { message, messageAck, messageMediaTypes } from "./messages.js";
import { ticket } from "./tickets.js";

/** A phone number in any format; stored as its 8–50 digits (400 `ERR_MISSING_VALUES` otherwise). */
export const channelNumber = z
  .string()
  .trim()
  .max(100)
  .transform(normalizeNumber)
  .pipe(z.string().min(limits.contactNumber.min).max(limits.contactNumber.max));

const externalId = z.string().trim().min(1).max(limits.externalIdMax);

/** ISO 8601 text or milliseconds since the epoch, of the years `limits.dateYears` (400 ERR_INVALID_DATE, docs/decisions/0059). */
const timestamp = z
  .union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()])
  .transform((value) => new Date(value))
  .refine((moment) => isYearAccepted(moment.getUTCFullYear()), failsWith("ERR_INVALID_DATE", `not a moment of the years ${acceptedYears}`));

/**
 * A file sent inline, base64-encoded: up to `limits.channelInlineFileBytes` (16 MB) decoded. Larger
 * documents (up to 100 MB) go as multipart/form-data (`channelInboundForm`).
 */
export const channelMedia = z.object({
  data: z.base64(),
  mimeType: z.string().trim().min(1).max(200),
  fileName: z.string().trim().min(1).max(limits.fileNameMax).optional(),
});

/**
 * POST /channels/{connectionId}/messages, header `Authorization: Bearer <apiToken>`: a customer's
 * message. `externalId` is your id for it, unique per connection: sending it again is a no-op
 * (answered 200 with `duplicate: true`). A text, a file, or both. `timestamp` defaults to now.
 */
export const channelInboundBody = z
  .object({
    externalId,
    from: z.object({ number: channelNumber, name: z.string().trim().max(100).optional() }),
    body: z.string().max(limits.messageBodyMax).default(""),
    media: channelMedia.optional(),
    quotedExternalId: externalId.optional(),
    timestamp: timestamp.optional(),
  })
  .refine((input) => input.body.trim() !== "" || input.media !== undefined, { message: "a body or a media is required", path: ["body"] });
export type ChannelInboundBody = z.input<typeof channelInboundBody>;

/** A form's timestamp is text: ISO 8601, or digits for epoch milliseconds. */
const formTimestamp = z
  .string()
  .trim()
  .transform((value) => (/^\d+$/.test(value) ? Number(value) : value))
  .pipe(timestamp);

/**
 * The same message as multipart/form-data, the way for large files (streamed to disk, never held
 * in memory): text fields `externalId`, `number`, `name`, `body`, `quotedExternalId`,
 * `timestamp`, and at most one file part named `file` (its Content-Type and file name as sent).
 * A text, a file, or both.
 */
export const channelInboundForm = z.object({
  externalId,
  number: channelNumber,
  name: z.string().trim().max(100).optional(),
  body: z.string().max(limits.messageBodyMax).default(""),
  quotedExternalId: externalId.optional(),
  timestamp: formTimestamp.optional(),
});

/** Answer of an inbound message: 201 when stored, 200 with `duplicate: true` when already known. */
export const channelInboundResponse = z.object({ messageId: z.number(), ticketId: z.number(), duplicate: z.boolean() });
export type ChannelInboundResponse = z.infer<typeof channelInboundResponse>;

/**
 * POST /channels/{connectionId}/acks: the delivery state of a message Atendo sent, named by the
 * `externalId` your webhook answered (or `atendo-{messageId}` when it answered none) or by
 * Atendo's `messageId`. Acks only move forward (a late "delivered" after "read" is ignored).
 */
export const channelAckBody = z
  .object({ externalId: externalId.optional(), messageId: z.number().int().positive().optional(), ack: messageAck })
  .refine((input) => (input.externalId === undefined) !== (input.messageId === undefined), {
    message: "give exactly one of externalId and messageId",
    path: ["externalId"],
  });
export type ChannelAckBody = z.input<typeof channelAckBody>;

export const connectionIdParam = z.object({ connectionId: positiveId });
export const channelMediaParams = z.object({ connectionId: positiveId, name: z.string().max(100) });

const recipient = z.object({ number: z.string(), name: z.string(), isGroup: z.boolean() });

/** Fields of every webhook delivery. */
const webhookBase = {
  /** Unique per delivery: retries of one delivery repeat it, so a receiver can drop repeats. */
  deliveryId: z.number(),
  connectionId: z.number(),
  messageId: z.number(),
  /** The id to use in acks unless your answer gives another: `atendo-{messageId}`. */
  externalId: z.string(),
  ticketId: z.number(),
  to: recipient,
  timestamp: z.string(),
};

/**
 * What Atendo POSTs to the webhook URL, as JSON, with header `X-Atendo-Signature:
 * sha256=<hex HMAC-SHA256 of the raw body, keyed with the webhookSecret>`. `media.url` needs the
 * same bearer token as the inbound calls. Answer 2xx (optionally `{ "externalId": "…" }`) to
 * mark it sent; anything else is retried with backoff (6 attempts) and then marked failed.
 */
export const webhookPayload = z.discriminatedUnion("event", [
  z.object({
    event: z.literal("message"),
    ...webhookBase,
    body: z.string(),
    mediaType: z.enum(messageMediaTypes),
    media: z.object({ url: z.string(), mimeType: z.string(), fileName: z.string() }).nullable(),
    quotedExternalId: z.string().nullable(),
  }),
  z.object({ event: z.literal("delete"), ...webhookBase }),
]);
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** The `event` of every webhook payload (also what the outbox stores per delivery). */
export const webhookEvents = ["message", "delete"] as const satisfies readonly WebhookPayload["event"][];

/** A webhook's optional 2xx answer. */
export const webhookAnswer = z.object({ externalId: externalId.optional() }).loose();

/**
 * POST /simulator/{connectionId}/messages (admins, API connections): write as a customer. JSON
 * `{name, number, body}`, or multipart with the same fields plus one `file`. It goes through the
 * same pipeline as the API channel. Replies of attendants appear in GET below and as `appMessage`
 * events; on a connection without a webhook they are marked sent at once.
 */
export const simulatorMessageBody = z.object({
  name: entityName,
  number: channelNumber,
  body: z.string().max(limits.messageBodyMax).default(""),
});
export type SimulatorMessageBody = z.input<typeof simulatorMessageBody>;

/** GET /simulator/{connectionId}/messages {number}: the newest page of the newest ticket of that number. */
export const simulatorConversationQuery = z.object({ number: channelNumber });
export const simulatorConversation = z.object({ ticket: ticket.nullable(), messages: z.array(message) });
export type SimulatorConversation = z.infer<typeof simulatorConversation>;
