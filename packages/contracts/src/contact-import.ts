import { z } from "zod";

/** Actions of the `ContactsImports` event (spec §7). */
export const contactImportActions = ["progressEvent", "finishedImport"] as const;

/**
 * `ContactsImports` socket event (spec §7): a contact import's progress (spec §3) while it runs
 * (`progressEvent`) and when it ends (`finishedImport`). `progress` is in percent; the spec's
 * `totalOfContacts`/`totalCount` is `totalCount` here. Reserved for the contact-import feature,
 * which emits it and may settle further fields.
 */
export const contactsImportsEvent = z.object({
  action: z.enum(contactImportActions),
  progress: z.number(),
  totalCount: z.number(),
  successCount: z.number(),
  failedCount: z.number(),
  repeatedCount: z.number(),
});
export type ContactsImportsEvent = z.infer<typeof contactsImportsEvent>;
