import { contactImportFields, languages, type Language } from "@atendo/contracts";
import { z } from "zod";
import { csvFileProblem } from "../lib/csv-file";

/**
 * The import dialog's form, from the contract's fields (spec §5: template type required, CSV only,
 * under 1 MB): the file's problem, if any, is the issue's message (its CsvFileProblem, translated
 * by the file field).
 */
export const importFormSchema = z.object({
  templateType: contactImportFields.shape.templateType,
  language: z.enum(languages),
  csv: z.instanceof(File).superRefine((file, context) => {
    const problem = csvFileProblem(file);
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
});

export type ImportFormInput = z.input<typeof importFormSchema>;
export type ImportFormValues = z.output<typeof importFormSchema>;

/** No template chosen (the user must say which), headers in the user's language, no file. */
export function importFormDefaults(language: Language): Partial<ImportFormInput> {
  return { language };
}
