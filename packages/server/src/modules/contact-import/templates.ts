import type { ContactImportTemplateType, Language } from "@atendo/contracts";
import { atendoRowReader, atendoTemplateHeader } from "./atendo-template.js";
import { googleRowReader, googleTemplateHeader } from "./google-template.js";
import type { RowReader } from "./row-fields.js";

/**
 * The header row a template's download holds. Google's is in English in every language: it is
 * what Google Contacts exports whatever the account's language (docs/decisions/0040).
 */
export function templateHeader(templateType: ContactImportTemplateType, language: Language): readonly string[] {
  return templateType === "google" ? googleTemplateHeader : atendoTemplateHeader(language);
}

/** How rows of a file with this header are read; ERR_INVALID_{ATENDO,GOOGLE}_CSV when the header does not fit the template. */
export function rowReaderFor(templateType: ContactImportTemplateType, header: readonly string[]): RowReader {
  return templateType === "google" ? googleRowReader(header) : atendoRowReader(header);
}
