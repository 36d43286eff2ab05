import type { MessageAck } from "@atendo/contracts";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { markFailed } from "../../modules/messages/delivery/dispatch.js";
import { byExternalId } from "../../modules/messages/messages.repo.js";
import { recordCustomerMessage } from "../../modules/cloud/service-window.js";
import { messages } from "../../db/schema/index.js";
import { channelFile } from "../api/api-inbound.js";
import type { InboundMessage } from "../channel-driver.js";
import { locationBody } from "../whatsapp/message-mapper.js";
import type { CloudAccount } from "./cloud-account.js";
import type { GraphClient } from "./graph-client.js";

/**
 * The Cloud API webhook's payload (Meta's "messages" field), read leniently: what Atendo uses is
 * typed, anything else Meta adds is ignored.
 */
type CloudMedia = { id: string; mime_type?: string; caption?: string; filename?: string };
export interface CloudInbound {
  from: string;
  id: string;
  timestamp: string;
  type: string;
  text?: { body: string };
  image?: CloudMedia;
  video?: CloudMedia;
  audio?: CloudMedia;
  document?: CloudMedia;
  sticker?: CloudMedia;
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string }; phones?: { phone?: string; wa_id?: string }[] }[];
  reaction?: { message_id: string; emoji?: string };
  button?: { text: string };
  interactive?: { button_reply?: { title: string }; list_reply?: { title: string } };
  context?: { id?: string };
}
export interface CloudStatus {
  id: string;
  status: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}
export interface CloudWebhookPayload {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: {
        metadata?: { phone_number_id?: string };
        contacts?: { wa_id?: string; profile?: { name?: string } }[];
        messages?: CloudInbound[];
        statuses?: CloudStatus[];
      };
    }[];
  }[];
}

/** `sha256=<hex>` of the raw body with the app secret, compared in constant time. */
export function validSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!appSecret || !header?.startsWith("sha256=")) return false;
  const expected = Buffer.from(`sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const statusAcks: Record<string, MessageAck> = { sent: 1, delivered: 3, read: 4 };

function vcardOf(contact: NonNullable<CloudInbound["contacts"]>[number]): string {
  const name = contact.name?.formatted_name ?? "";
  const phones = (contact.phones ?? []).map((p) => `TEL;type=CELL${p.wa_id ? `;waid=${p.wa_id}` : ""}:${p.phone ?? p.wa_id ?? ""}`);
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${name};;;`, `FN:${name}`, ...phones, "END:VCARD"].join("\n");
}

type Body = Pick<InboundMessage, "body" | "mediaType" | "media" | "quotedExternalId">;

/** A file of the message: downloaded through the media endpoint, checked like any upload; a refused one leaves its caption and a note. */
async function mediaBody(graph: GraphClient, media: CloudMedia, kind: string): Promise<Body> {
  const { data, mimeType } = await graph.download(media.id);
  try {
    const file = await channelFile(data, media.mime_type ?? mimeType, media.filename);
    return { body: media.caption ?? "", mediaType: kind === "sticker" ? "sticker" : file.mediaType, media: file.media };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { body: [media.caption, `[${kind}: ${error.message}]`].filter(Boolean).join("\n"), mediaType: "chat" };
  }
}

/** What a Cloud API message shows as in Atendo; undefined for what it does not show (system notices, a removed reaction). */
async function bodyOf(graph: GraphClient, m: CloudInbound): Promise<Body | undefined> {
  switch (m.type) {
    case "text":
      return m.text ? { body: m.text.body, mediaType: "chat" } : undefined;
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker": {
      const media = m[m.type];
      return media ? mediaBody(graph, media, m.type) : undefined;
    }
    case "location":
      return m.location
        ? { body: locationBody({ degreesLatitude: m.location.latitude, degreesLongitude: m.location.longitude }, m.location.name, m.location.address), mediaType: "location" }
        : undefined;
    case "contacts":
      return m.contacts?.length ? { body: m.contacts.map(vcardOf).join("\n"), mediaType: "vcard" } : undefined;
    case "reaction":
      // Atendo has no reactions: one shows as the emoji replying to the message it reacts to (decision 0089).
      return m.reaction?.emoji ? { body: m.reaction.emoji, mediaType: "chat", quotedExternalId: m.reaction.message_id } : undefined;
    case "button":
      return m.button ? { body: m.button.text, mediaType: "chat" } : undefined;
    case "interactive": {
      const title = m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title;
      return title ? { body: title, mediaType: "chat" } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * One webhook delivery: each customer message into the pipeline (idempotent on Meta's id, so a
 * redelivery stores nothing twice) and the customer's window moved forward; each status an ack,
 * or a failed mark with Meta's reason. A failure to store or download throws: the webhook answers
 * 500 and Meta delivers again.
 */
export async function receiveCloudWebhook(ctx: AppContext, account: CloudAccount, graph: GraphClient, payload: CloudWebhookPayload): Promise<void> {
  const events = ctx.channels.requestEvents(account.row);
  for (const change of (payload.entry ?? []).flatMap((entry) => entry.changes ?? [])) {
    const value = change.value;
    if (change.field !== "messages" || !value) continue;
    // Another number of the same business account: not this connection's.
    if (value.metadata?.phone_number_id && value.metadata.phone_number_id !== account.phoneNumberId) continue;
    const names = new Map((value.contacts ?? []).map((c) => [c.wa_id ?? "", c.profile?.name]));
    for (const m of value.messages ?? []) {
      const body = await bodyOf(graph, m);
      const timestamp = new Date(Number(m.timestamp) * 1000 || Date.now());
      if (body) {
        const name = names.get(m.from);
        await events.receiveMessage({
          externalId: m.id,
          chat: { number: m.from, ...(name ? { name } : {}), isGroup: false },
          fromMe: false,
          quotedExternalId: m.context?.id,
          ...body,
          timestamp,
        });
      }
      await recordCustomerMessage(ctx.db, account.row.id, m.from, timestamp);
    }
    for (const status of value.statuses ?? []) await receiveStatus(ctx, account, status);
  }
}

async function receiveStatus(ctx: AppContext, account: CloudAccount, status: CloudStatus): Promise<void> {
  const ack = statusAcks[status.status];
  if (ack !== undefined) {
    await ctx.channels.requestEvents(account.row).receiveAck({ externalId: status.id }, ack);
    return;
  }
  if (status.status !== "failed") return;
  const [row] = await ctx.db.select({ id: messages.id }).from(messages).where(byExternalId(account.row.id, status.id)).limit(1);
  if (!row) return;
  const reason = (status.errors ?? []).map((e) => [e.code, e.title, e.error_data?.details ?? e.message].filter(Boolean).join(" ")).join("; ");
  ctx.log.warn({ connectionId: account.row.id, messageId: row.id, reason }, "the WhatsApp Cloud API could not deliver a message");
  await markFailed(ctx, row.id, undefined, reason.slice(0, 500) || null);
}

