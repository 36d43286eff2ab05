import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local fake of Meta's Graph API for the WhatsApp Cloud API (test code only): the documented
 * shapes of the calls Atendo makes — GET /{phone-number-id}, POST /{phone-number-id}/messages,
 * POST /{phone-number-id}/media (multipart), GET /{media-id} then its download URL,
 * GET /{waba-id}/message_templates — with a bearer token it checks, and a mode where the token is
 * refused (401, OAuthException 190). What Atendo sent is kept for the tests to read.
 */
export interface SentToGraph {
  to: string;
  type: string;
  body: Record<string, unknown>;
  id: string;
}

export interface FakeTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; format?: string; text?: string }[];
}

export interface FakeGraphApi {
  /** WHATSAPP_CLOUD_API_URL for Atendo: `http://127.0.0.1:{port}/v21.0`. */
  baseUrl: string;
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  /** What Atendo sent (POST /messages), in order. */
  sent: SentToGraph[];
  /** Files Atendo uploaded: media id → type, name and bytes. */
  uploads: Map<string, { mimeType: string; fileName: string; size: number }>;
  templates: FakeTemplate[];
  /** While true every call answers 401 (an expired or revoked token). */
  refuseToken: boolean;
  /** A customer's file, downloadable through the media endpoint: answers its media id. */
  addMedia(data: Buffer, mimeType: string): string;
  close(): Promise<void>;
}

const version = "v21.0";

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeGraphApi(options: { templates?: FakeTemplate[] } = {}): Promise<FakeGraphApi> {
  const media = new Map<string, { data: Buffer; mimeType: string }>();
  let seq = 0;
  const newId = () => `${Date.now()}${++seq}`;
  const state = {
    phoneNumberId: "106540352242922",
    businessAccountId: "102290129340398",
    accessToken: `EAAG${randomBytes(12).toString("hex")}`,
    sent: [] as SentToGraph[],
    uploads: new Map<string, { mimeType: string; fileName: string; size: number }>(),
    templates: options.templates ?? [
      {
        name: "order_update",
        language: "en_US",
        status: "APPROVED",
        category: "UTILITY",
        components: [
          { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
          { type: "BODY", text: "Hello {{1}}, your order is {{2}}." },
          { type: "FOOTER", text: "Atendo shop" },
        ],
      },
      { name: "welcome_back", language: "pt_BR", status: "APPROVED", category: "MARKETING", components: [{ type: "BODY", text: "Olá! Podemos continuar a conversa?" }] },
      { name: "pending_one", language: "en_US", status: "PENDING", category: "UTILITY", components: [{ type: "BODY", text: "Not yet" }] },
    ],
    refuseToken: false,
  };
  let baseOrigin = "";

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    // For a journey in another process: what the fake holds (ids, token, what Atendo sent). Not Meta's.
    if (req.method === "GET" && url.pathname === "/_fake/state") {
      const { phoneNumberId, businessAccountId, accessToken, sent } = state;
      return reply(res, 200, { phoneNumberId, businessAccountId, accessToken, sent });
    }
    if (state.refuseToken || req.headers.authorization !== `Bearer ${state.accessToken}`) {
      return reply(res, 401, { error: { message: "Error validating access token: Session has expired.", type: "OAuthException", code: 190, fbtrace_id: "AbCdEf" } });
    }
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "download" && parts[1]) {
      const file = media.get(parts[1]);
      if (!file) return reply(res, 404, { error: { message: "not found", code: 100 } });
      res.writeHead(200, { "content-type": file.mimeType });
      return res.end(file.data);
    }
    if (parts[0] !== version) return reply(res, 404, { error: { message: "Unknown path", code: 100 } });
    const [node, edge] = parts.slice(1);
    if (req.method === "GET" && node === state.phoneNumberId && !edge) {
      return reply(res, 200, { verified_name: "Atendo Test", display_phone_number: "+1 555-010-0000", quality_rating: "GREEN", id: state.phoneNumberId });
    }
    if (req.method === "POST" && node === state.phoneNumberId && edge === "messages") {
      const body = JSON.parse((await bodyOf(req)).toString("utf8")) as Record<string, unknown>;
      if (body.messaging_product !== "whatsapp" || typeof body.to !== "string") return reply(res, 400, { error: { message: "(#100) Invalid parameter", code: 100 } });
      const id = `wamid.HBgL${newId()}`;
      state.sent.push({ to: body.to, type: String(body.type ?? "text"), body, id });
      return reply(res, 200, { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
    }
    if (req.method === "POST" && node === state.phoneNumberId && edge === "media") {
      const form = await new Response(new Uint8Array(await bodyOf(req)), { headers: { "content-type": req.headers["content-type"] ?? "" } }).formData();
      const file = form.get("file");
      if (form.get("messaging_product") !== "whatsapp" || !(file instanceof Blob)) return reply(res, 400, { error: { message: "(#100) file is required", code: 100 } });
      const id = newId();
      const data = Buffer.from(await file.arrayBuffer());
      media.set(id, { data, mimeType: String(form.get("type") ?? file.type) });
      state.uploads.set(id, { mimeType: String(form.get("type") ?? file.type), fileName: (file as File).name ?? "", size: data.length });
      return reply(res, 200, { id });
    }
    if (req.method === "GET" && node === state.businessAccountId && edge === "message_templates") {
      const data = state.templates.map((t, i) => ({ ...t, id: String(9000 + i) }));
      return reply(res, 200, { data, paging: { cursors: { before: "MAZDZD", after: "MjQZD" } } });
    }
    if (req.method === "GET" && node && !edge && media.has(node)) {
      const file = media.get(node)!;
      return reply(res, 200, { messaging_product: "whatsapp", url: `${baseOrigin}/download/${node}`, mime_type: file.mimeType, sha256: "x", file_size: file.data.length, id: node });
    }
    return reply(res, 404, { error: { message: `Unsupported ${req.method} request.`, code: 100 } });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => reply(res, 500, { error: { message: String(error), code: 1 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    baseUrl: `${baseOrigin}/${version}`,
    addMedia(data: Buffer, mimeType: string) {
      const id = newId();
      media.set(id, { data, mimeType });
      return id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** `X-Hub-Signature-256` as Meta signs a webhook: HMAC-SHA256 of the raw body with the app secret. */
export function hubSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

let wamidSeq = 0;
/** A customer's message id as Meta writes them. */
export const newWamid = () => `wamid.HBgM${process.pid}${Date.now()}${++wamidSeq}`;

/** A webhook body with customer messages (`messages`) and/or statuses of Atendo's, as Meta POSTs it. */
export function cloudWebhookBody(
  graph: Pick<FakeGraphApi, "phoneNumberId" | "businessAccountId">,
  value: { contacts?: { wa_id: string; name: string }[]; messages?: Record<string, unknown>[]; statuses?: Record<string, unknown>[] },
): Record<string, unknown> {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: graph.businessAccountId,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550100000", phone_number_id: graph.phoneNumberId },
              ...(value.contacts ? { contacts: value.contacts.map((c) => ({ profile: { name: c.name }, wa_id: c.wa_id })) } : {}),
              ...(value.messages ? { messages: value.messages } : {}),
              ...(value.statuses ? { statuses: value.statuses } : {}),
            },
          },
        ],
      },
    ],
  };
}

/** One customer message of `type` with its object (`{ text: { body } }`, `{ image: { id, … } }`…). */
export function customerMessage(from: string, type: string, content: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { from, id: newWamid(), timestamp: String(Math.floor(Date.now() / 1000)), type, ...content, ...extra };
}

/** A status of a message Atendo sent. */
export function messageStatus(id: string, status: "sent" | "delivered" | "read" | "failed", recipient: string, errors?: Record<string, unknown>[]): Record<string, unknown> {
  return { id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient, ...(errors ? { errors } : {}) };
}
