import { fillTemplate, templateVariableCount, type CloudTemplate, type CloudTemplateList, type Message, type sendTemplateBody } from "@atendo/contracts";
import { and, asc, eq, inArray, max } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import type { Db } from "../../db/client.js";
import { cloudTemplateMessages, cloudTemplates, type CloudTemplateComponent } from "../../db/schema/index.js";
import { sendOutgoingOnce } from "../../modules/messages/delivery/outgoing.service.js";
import { ticketToWrite } from "../../modules/messages/send-message.service.js";
import { assertMayStartOn } from "../../modules/tickets/ticket-connections.service.js";
import { loadCloudAccount, type CloudAccount } from "./cloud-account.js";
import { GraphError, graphClient } from "./graph-client.js";

type TemplateRow = typeof cloudTemplates.$inferSelect;
type GraphTemplate = { name: string; language: string; status: string; category: string; components?: CloudTemplateComponent[] };
type GraphPage = { data?: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } };

const textOf = (row: TemplateRow, type: string) => row.components.find((c) => c.type.toUpperCase() === type && (type !== "HEADER" || (c.format ?? "TEXT") === "TEXT"))?.text ?? null;

export function presentTemplate(row: TemplateRow): CloudTemplate {
  const header = textOf(row, "HEADER");
  const body = textOf(row, "BODY") ?? "";
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    header,
    body,
    footer: textOf(row, "FOOTER"),
    headerVariables: templateVariableCount(header),
    bodyVariables: templateVariableCount(body),
  };
}

/**
 * The business account's templates into `cloud_templates` (GET /{waba-id}/message_templates, every
 * page): new and changed ones written, those gone from Meta removed. Meta is the source; the table
 * is its copy, so the composer lists them without a call to Meta each time (decision 0089).
 */
export async function syncTemplates(db: Db, baseUrl: string, account: CloudAccount): Promise<void> {
  const graph = graphClient(baseUrl, account.accessToken);
  const found: GraphTemplate[] = [];
  let after: string | undefined;
  for (let page = 0; page < 50; page++) {
    const answer = await graph.get<GraphPage>(`${account.businessAccountId}/message_templates?limit=100${after ? `&after=${encodeURIComponent(after)}` : ""}`);
    found.push(...(answer.data ?? []));
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!after) break;
  }
  const connectionId = account.row.id;
  const syncedAt = new Date();
  await db.transaction(async (tx) => {
    for (const t of found) {
      const values = { category: t.category, status: t.status, components: t.components ?? [], syncedAt };
      await tx
        .insert(cloudTemplates)
        .values({ connectionId, name: t.name, language: t.language, ...values })
        .onConflictDoUpdate({ target: [cloudTemplates.connectionId, cloudTemplates.name, cloudTemplates.language], set: values });
    }
    const kept = found.map((t) => `${t.name}\u0000${t.language}`);
    const rows = await tx.select({ id: cloudTemplates.id, name: cloudTemplates.name, language: cloudTemplates.language }).from(cloudTemplates).where(eq(cloudTemplates.connectionId, connectionId));
    const gone = rows.filter((row) => !kept.includes(`${row.name}\u0000${row.language}`)).map((row) => row.id);
    if (gone.length) await tx.delete(cloudTemplates).where(inArray(cloudTemplates.id, gone));
  });
}

async function cloudAccountFor(ctx: AppContext, connectionId: number): Promise<CloudAccount> {
  const account = await loadCloudAccount(ctx.db, connectionId);
  if (!account) throw new AppError("ERR_NO_WAPP_FOUND");
  return account;
}

/** Syncs, answering Meta's refusal as a catalogued 502. */
async function syncOrRefuse(ctx: AppContext, account: CloudAccount): Promise<void> {
  try {
    await syncTemplates(ctx.db, ctx.config.WHATSAPP_CLOUD_API_URL, account);
  } catch (error) {
    if (error instanceof GraphError) throw new AppError("ERR_CLOUD_API", 502, `The WhatsApp Cloud API refused the template list: ${error.message}`);
    throw error;
  }
}

async function storedList(db: Db, connectionId: number): Promise<CloudTemplateList> {
  const rows = await db.select().from(cloudTemplates).where(eq(cloudTemplates.connectionId, connectionId)).orderBy(asc(cloudTemplates.name), asc(cloudTemplates.language));
  const [last] = await db.select({ at: max(cloudTemplates.syncedAt) }).from(cloudTemplates).where(eq(cloudTemplates.connectionId, connectionId));
  return { templates: rows.map(presentTemplate), syncedAt: last?.at ? new Date(last.at).toISOString() : null };
}

/**
 * GET /connections/{id}/templates: for admins and the attendants who may use the connection
 * (as for starting a conversation on it). Synced from Meta the first time (none stored yet).
 */
export async function listTemplates(ctx: AppContext, actor: Actor, connectionId: number): Promise<CloudTemplateList> {
  await assertMayStartOn(ctx, actor, connectionId);
  const account = await cloudAccountFor(ctx, connectionId);
  const list = await storedList(ctx.db, connectionId);
  if (list.syncedAt !== null) return list;
  await syncOrRefuse(ctx, account);
  return storedList(ctx.db, connectionId);
}

/** POST /connections/{id}/templates/sync (admins): the templates again from Meta. */
export async function resyncTemplates(ctx: AppContext, connectionId: number): Promise<CloudTemplateList> {
  await syncOrRefuse(ctx, await cloudAccountFor(ctx, connectionId));
  return storedList(ctx.db, connectionId);
}

type SendTemplate = z.output<typeof sendTemplateBody>;

/**
 * POST /messages/{ticketId}/template: an approved template of the ticket's connection, with its
 * variables, written through the outgoing writer like any reply (the ticket shows the filled-in
 * text) with its template row in the same transaction, which the driver sends as a template.
 * Allowed in or out of the customer-service window.
 */
export async function sendTemplate(ctx: AppContext, actor: Actor, ticketId: number, input: SendTemplate): Promise<Message[]> {
  const ticket = await ticketToWrite(ctx, actor, ticketId);
  const [row] =
    ticket.connectionId === null
      ? []
      : await ctx.db
          .select()
          .from(cloudTemplates)
          .where(and(eq(cloudTemplates.id, input.templateId), eq(cloudTemplates.connectionId, ticket.connectionId), eq(cloudTemplates.status, "APPROVED")))
          .limit(1);
  if (!row) throw new AppError("ERR_NO_TEMPLATE_FOUND");
  const template = presentTemplate(row);
  if (input.headerParameters.length !== template.headerVariables || input.bodyParameters.length !== template.bodyVariables) {
    throw new AppError("ERR_MISSING_VALUES", 400, `This template takes ${template.headerVariables} header and ${template.bodyVariables} body values.`);
  }
  const text = [template.header && fillTemplate(template.header, input.headerParameters), fillTemplate(template.body, input.bodyParameters), template.footer]
    .filter(Boolean)
    .join("\n\n");
  const spec = { name: row.name, language: row.language, headerParameters: input.headerParameters, bodyParameters: input.bodyParameters };
  const sent = await sendOutgoingOnce(
    ctx,
    ticket,
    [{ body: text, mediaType: "chat" }],
    { userId: actor.id, lastMessage: true, signature: null },
    async () => true,
    async (tx, rows) => {
      await tx.insert(cloudTemplateMessages).values(rows.map((message) => ({ messageId: message.id, template: spec })));
    },
  );
  if (!sent) throw new AppError("ERR_INTERNAL");
  if (sent.failure) throw sent.failure;
  return sent.messages;
}
