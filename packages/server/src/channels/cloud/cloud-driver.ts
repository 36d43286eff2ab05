import { limits } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../core/app-error.js";
import type { Db } from "../../db/client.js";
import { cloudTemplateMessages, type CloudTemplateSend } from "../../db/schema/index.js";
import type { DriverEvents, DriverFactory, OutboundMessage, SessionUpdate } from "../channel-driver.js";
import { loadCloudAccount, type CloudAccount } from "./cloud-account.js";
import { GraphError, graphClient, type GraphClient } from "./graph-client.js";

export interface CloudDriverDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** WHATSAPP_CLOUD_API_URL. */
  baseUrl: string;
}

type SendAnswer = { messages?: { id: string }[] };

/** The Cloud API's media kind for a file (what the message's `type` and its object are named). */
function mediaKind(mimeType: string): "image" | "video" | "audio" | "document" {
  if (mimeType === "image/jpeg" || mimeType === "image/png") return "image";
  if (mimeType.startsWith("video/")) return "video";
  if (mimeType.startsWith("audio/")) return "audio";
  return "document";
}

function templateObject(template: CloudTemplateSend) {
  const text = (values: string[]) => values.map((value) => ({ type: "text", text: value }));
  const components = [
    ...(template.headerParameters.length ? [{ type: "header", parameters: text(template.headerParameters) }] : []),
    ...(template.bodyParameters.length ? [{ type: "body", parameters: text(template.bodyParameters) }] : []),
  ];
  return { name: template.name, language: { code: template.language }, ...(components.length ? { components } : {}) };
}

/** The token's refusal as the connection's status detail. */
export function tokenRefusedUpdate(error: GraphError): SessionUpdate {
  return { status: "TIMEOUT", detail: `The WhatsApp Cloud API refused the access token (HTTP ${error.status}): ${error.message}` };
}

/**
 * The official WhatsApp Cloud API's driver (issue 32, docs/decisions/0089). It has no socket:
 * inbound messages and statuses arrive at the webhook (cloud-webhook.routes.ts) on whichever
 * instance Meta reaches, and every instance may send (not an exclusive kind), each message
 * claimed once by the outgoing dispatch. Start checks the token (GET /{phone-number-id}):
 * CONNECTED, or TIMEOUT with the reason when Meta refuses it; a refusal while sending says the
 * same. Sending: text, files (uploaded to Meta, then sent by media id), quoted replies
 * (context.message_id) and templates (the message's template row).
 */
export function createCloudDriverFactory(deps: CloudDriverDeps): DriverFactory {
  const { db, log, baseUrl } = deps;
  return (connectionId: number, events: DriverEvents) => {
    const account = async (): Promise<{ account: CloudAccount; graph: GraphClient }> => {
      const found = await loadCloudAccount(db, connectionId);
      if (!found) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
      return { account: found, graph: graphClient(baseUrl, found.accessToken) };
    };
    /** A Graph refusal as the sender's error; a refused token also turns the connection's status. */
    const refused = async (error: unknown): Promise<never> => {
      if (!(error instanceof GraphError)) throw error;
      if (error.tokenRefused) await events.onSession(tokenRefusedUpdate(error));
      throw new AppError("ERR_CLOUD_API", 502, `The WhatsApp Cloud API refused the message: ${error.message}`);
    };
    const content = async (graph: GraphClient, phoneNumberId: string, message: OutboundMessage): Promise<Record<string, unknown>> => {
      const [template] = await db.select().from(cloudTemplateMessages).where(eq(cloudTemplateMessages.messageId, message.messageId)).limit(1);
      if (template) return { type: "template", template: templateObject(template.template) };
      if (message.media) {
        const kind = mediaKind(message.media.mimeType);
        const id = await graph.upload(phoneNumberId, message.media);
        const caption = kind === "audio" || !message.body ? {} : { caption: message.body };
        return { type: kind, [kind]: { id, ...caption, ...(kind === "document" ? { filename: message.media.fileName } : {}) } };
      }
      return { type: "text", text: { body: message.body, preview_url: false } };
    };
    return {
      async start() {
        const found = await loadCloudAccount(db, connectionId);
        if (!found) return;
        try {
          await graphClient(baseUrl, found.accessToken).get(`${found.phoneNumberId}?fields=display_phone_number,verified_name`);
          await events.onSession({ status: "CONNECTED", retries: 0 });
        } catch (error) {
          if (error instanceof GraphError && error.tokenRefused) return events.onSession(tokenRefusedUpdate(error));
          const detail = error instanceof Error ? error.message : String(error);
          await events.onSession({ status: "TIMEOUT", detail: `The WhatsApp Cloud API could not be reached: ${detail}` });
          throw error; // unreachable: the manager tries again with backoff
        }
      },
      stop: async () => undefined,
      logout: async () => undefined,
      async send(message) {
        const { account: found, graph } = await account();
        try {
          const body = {
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to: message.to.number,
            ...(await content(graph, found.phoneNumberId, message)),
            ...(message.quotedExternalId ? { context: { message_id: message.quotedExternalId } } : {}),
          };
          const answer = await graph.post<SendAnswer>(`${found.phoneNumberId}/messages`, body);
          const externalId = answer.messages?.[0]?.id;
          if (!externalId) throw new GraphError(502, "the answer named no message id");
          return { externalId };
        } catch (error) {
          log.warn({ err: error, connectionId, messageId: message.messageId }, "Cloud API send refused");
          return refused(error);
        }
      },
      async deleteMessage() {
        // The Cloud API has no call to delete a message already delivered to the customer.
        throw new AppError("ERR_CLOUD_API", 502, "The WhatsApp Cloud API cannot delete a sent message.");
      },
      checkNumber: async (number) => number.length >= limits.contactNumber.min && number.length <= 15,
    };
  };
}
