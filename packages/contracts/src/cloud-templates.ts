import { z } from "zod";

/**
 * WhatsApp Cloud API message templates (issue 32, docs/decisions/0089). Outside the 24-hour
 * customer-service window (from the customer's last message on the connection) WhatsApp accepts
 * only an approved template; the attendant fills its variables (`{{1}}`, `{{2}}` …) in a form.
 */

/** `{{1}}`, `{{2}}`…: how many distinct numbered variables a template text has. */
export function templateVariableCount(text: string | null | undefined): number {
  const numbers = [...(text ?? "").matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

/** The template's text with its variables filled in (what the ticket shows). */
export function fillTemplate(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

export const cloudTemplate = z.object({
  id: z.number(),
  name: z.string(),
  /** Meta's language code (`en_US`, `pt_BR`). */
  language: z.string(),
  category: z.string(),
  /** APPROVED templates can be sent; the others are listed for the admin's information. */
  status: z.string(),
  /** A text header, if the template has one. */
  header: z.string().nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  headerVariables: z.number(),
  bodyVariables: z.number(),
});
export type CloudTemplate = z.infer<typeof cloudTemplate>;

/** GET /connections/{id}/templates: the business account's templates as last synced. */
export const cloudTemplateList = z.object({
  templates: z.array(cloudTemplate),
  /** When they were last synced; null before the first sync. */
  syncedAt: z.string().nullable(),
});
export type CloudTemplateList = z.infer<typeof cloudTemplateList>;

const templateValue = z.string().trim().min(1).max(1024);

/**
 * POST /messages/{ticketId}/template: an approved template of the ticket's connection with its
 * variables, in order (`bodyParameters[0]` fills `{{1}}` of the body). Senders as for any message.
 */
export const sendTemplateBody = z.object({
  templateId: z.number().int().positive(),
  headerParameters: z.array(templateValue).max(1).default([]),
  bodyParameters: z.array(templateValue).max(20).default([]),
});
export type SendTemplateBody = z.input<typeof sendTemplateBody>;
