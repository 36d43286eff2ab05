import { z } from "zod";
import { languages } from "./limits.js";

/** Actions of the `ContactsImports` event (spec §7). */
export const contactImportActions = ["progressEvent", "finishedImport"] as const;

/** CSV templates (spec §2): Atendo's own, and Google Contacts' export. */
export const contactImportTemplateTypes = ["atendo", "google"] as const;
export type ContactImportTemplateType = (typeof contactImportTemplateTypes)[number];

/** A running import; one that ended (all rows seen); one that stopped (e.g. the server restarted). */
export const contactImportStatuses = ["running", "finished", "failed"] as const;
export type ContactImportStatus = (typeof contactImportStatuses)[number];

/** Why a row was not imported (listed in the failed-rows CSV). */
export const contactImportRowErrors = ["invalidNumber", "missingName", "duplicate"] as const;
export type ContactImportRowError = (typeof contactImportRowErrors)[number];

/**
 * A contact import (spec §3, contact import progress). `progress` is in percent of `totalCount`
 * rows; `repeatedCount` counts rows whose number was already stored or came earlier in the file;
 * `error` is the error code of an import that stopped (`failed`).
 */
export const contactImport = z.object({
  id: z.number(),
  status: z.enum(contactImportStatuses),
  templateType: z.enum(contactImportTemplateTypes),
  fileName: z.string(),
  progress: z.number(),
  totalCount: z.number(),
  successCount: z.number(),
  failedCount: z.number(),
  repeatedCount: z.number(),
  error: z.string().nullable(),
  userId: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactImport = z.infer<typeof contactImport>;

/** GET /contact-import/can-import: false while another import runs (one at a time per install). */
export const canImportResponse = z.object({ canImport: z.boolean() });
export type CanImportResponse = z.infer<typeof canImportResponse>;

/** GET /contact-import/ongoing: the running import, or the latest one (its summary), or null. */
export const ongoingImportResponse = z.object({ import: contactImport.nullable() });
export type OngoingImportResponse = z.infer<typeof ongoingImportResponse>;

/** GET /contact-import/download: the template's header row in `language`. */
export const contactImportTemplateQuery = z.object({
  templateType: z.enum(contactImportTemplateTypes),
  language: z.enum(languages).default("en"),
});
export type ContactImportTemplateQuery = z.input<typeof contactImportTemplateQuery>;

/**
 * POST /contact-import (multipart): the file in field `csv` (CSV, under `limits.csvBytes`),
 * `templateType` and `language` (of the file's headers). Answers 202 with the import, which then
 * runs in the background; 409 ERR_IMPORT_RUNNING while another runs. A file that does not match
 * its template is refused before anything is stored (spec §8 codes).
 */
export const contactImportFields = z.object({
  templateType: z.enum(contactImportTemplateTypes),
  language: z.enum(languages).default("en"),
});
export type ContactImportFields = z.input<typeof contactImportFields>;

/**
 * `ContactsImports` socket event (spec §7), to admins: the import's progress while it runs
 * (`progressEvent`) and when it ends (`finishedImport`). `progress` is in percent; the spec's
 * `totalOfContacts`/`totalCount` is `totalCount` here. `import` is the whole record.
 */
export const contactsImportsEvent = z.object({
  action: z.enum(contactImportActions),
  progress: z.number(),
  totalCount: z.number(),
  successCount: z.number(),
  failedCount: z.number(),
  repeatedCount: z.number(),
  import: contactImport,
});
export type ContactsImportsEvent = z.infer<typeof contactsImportsEvent>;
