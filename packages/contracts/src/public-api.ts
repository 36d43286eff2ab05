import { z } from "zod";
import { limits } from "./limits.js";
import { message } from "./messages.js";
import { ticket } from "./tickets.js";

/** The path of the public send API (docs/decisions/0048, docs/compatibility.md). */
export const publicSendPath = "/api/messages/send";

/**
 * A connection named in a send: its id (`whatsappId`, as the Whaticket family calls it; a form
 * field is text, so digits are accepted too) or its name or label (`connectionName`). Neither:
 * the default connection. An empty `whatsappId` (`""`, `null`, `false`, what those clients send
 * from an empty select) means none was named, as on the user forms.
 */
const connectionChoice = {
  whatsappId: z
    .union([z.literal(""), z.literal(false), z.null(), z.coerce.number().int().positive()])
    .transform((value) => (value === "" || value === false || value === null ? undefined : value))
    .optional(),
  connectionName: z.string().trim().min(1).max(100).optional(),
};

/**
 * The number a send goes to, as the integration wrote it ("+55 (11) 98765-4321" or digits). It is
 * read like the contacts screen reads one (`formattedNumber`); one that is not a phone number
 * answers 400 ERR_WAPP_INVALID_CONTACT, not a schema error, as the Whaticket family does.
 */
const destinationNumber = z.string().trim().min(1).max(100);

/**
 * POST /api/messages/send as JSON, with the Settings screen's API token (`userApiToken`) as the
 * bearer: a text to a number. The contact and its ticket are created when needed.
 */
export const publicSendBody = z.object({
  number: destinationNumber,
  body: z.string().trim().min(1).max(limits.messageBodyMax),
  ...connectionChoice,
});
export type PublicSendBody = z.input<typeof publicSendBody>;

/**
 * The same as multipart/form-data: text fields `number`, `body` (the first file's caption,
 * optional), `whatsappId` or `connectionName`, and 1–10 files in `medias`, checked as the
 * app's uploads are (type read from the content, size by kind).
 */
export const publicSendForm = z.object({
  number: destinationNumber,
  body: z.string().max(limits.messageBodyMax).default(""),
  ...connectionChoice,
});

/** Answer of a send: the messages as stored and handed to the channel, and the ticket they are in. */
export const publicSendResponse = z.object({ messages: z.array(message), ticket });
export type PublicSendResponse = z.infer<typeof publicSendResponse>;
