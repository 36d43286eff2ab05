import { contactNumberOf, type CampaignAudienceUpload } from "@atendo/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { requireAdmin, type Actor } from "../../core/actor.js";
import { decodeCsvText, parseCsv } from "../../core/csv.js";
import { campaignContacts, contactCustomFields } from "../../db/schema/index.js";
import { upsertContact } from "../contacts/contact-upsert.js";
import { announceContactCreated } from "../contacts/contacts.service.js";
import { boundedExtraInfo, headerKey } from "../contact-import/row-fields.js";
import { findCampaign } from "./campaigns.service.js";
import type { ContactRow } from "../contacts/contact-upsert.js";

const NUMBER_HEADERS = new Set(["number", "numero", "phone", "telefone", "telefono", "whatsapp"]);
const NAME_HEADERS = new Set(["name", "nome", "nombre"]);

/**
 * Adds a CSV's contacts to a draft's audience: a `number` column (read as the contact form reads
 * one), an optional `name`, and every other column a custom field of that name (what `{{column}}`
 * then says). Known numbers keep their contact and name; a field the file gives is written over
 * the contact's field of that name. Rows without a usable number are counted as invalid.
 */
export async function uploadAudience(ctx: AppContext, actor: Actor, id: number, bytes: Buffer | null): Promise<CampaignAudienceUpload> {
  requireAdmin(actor);
  const campaign = await findCampaign(ctx.db, id);
  if (campaign.status !== "draft") throw new AppError("ERR_CAMPAIGN_STATE");
  if (!bytes) throw new AppError("ERR_MISSING_VALUES", 400, "Send the file in the `csv` field.");
  const table = await parseCsv(decodeCsvText(bytes));
  const keys = table.header.map(headerKey);
  const numberAt = keys.findIndex((key) => NUMBER_HEADERS.has(key));
  if (numberAt < 0) throw new AppError("ERR_MISSING_VALUES", 400, "The file needs a `number` column.");
  const nameAt = keys.findIndex((key) => NAME_HEADERS.has(key));
  let added = 0;
  let invalid = 0;
  const created: ContactRow[] = [];
  const seen = new Set<string>();
  await ctx.db.transaction(async (tx) => {
    for (const row of table.rows) {
      const number = contactNumberOf(row.cells[numberAt] ?? "");
      if (number === null || seen.has(number)) {
        if (number === null) invalid++;
        continue;
      }
      seen.add(number);
      const name = nameAt >= 0 ? row.cells[nameAt] : undefined;
      const { contact, created: isNew } = await upsertContact(tx, { number, ...(name ? { name } : {}), isGroup: false });
      if (isNew) created.push(contact);
      const fields = boundedExtraInfo(table.header.flatMap((title, at) => (at === numberAt || at === nameAt ? [] : [{ name: title, value: row.cells[at] ?? "" }])));
      for (const field of fields) {
        await tx.delete(contactCustomFields).where(and(eq(contactCustomFields.contactId, contact.id), sql`lower(${contactCustomFields.name}) = lower(${field.name})`));
        await tx.insert(contactCustomFields).values({ contactId: contact.id, name: field.name, value: field.value });
      }
      const inserted = await tx.insert(campaignContacts).values({ campaignId: id, contactId: contact.id }).onConflictDoNothing().returning();
      added += inserted.length;
    }
  });
  for (const contact of created) await announceContactCreated(ctx, contact);
  const uploadedContacts = await ctx.db.$count(campaignContacts, eq(campaignContacts.campaignId, id));
  return { added, invalid, uploadedContacts };
}
