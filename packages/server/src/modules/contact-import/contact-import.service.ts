import {
  contactImportTemplateTypes,
  languages,
  type CanImportResponse,
  type ContactImport,
  type Language,
  type OngoingImportResponse,
} from "@atendo/contracts";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { AppError } from "../../core/app-error.js";
import { csvFile, decodeCsvText, parseCsv } from "../../core/csv.js";
import { contactImportFailures } from "../../db/schema/index.js";
import { assertCanImportContacts } from "./contact-import.policy.js";
import { currentImport, findImport, presentImport } from "./contact-import.repo.js";
import type { CsvUpload } from "./csv-upload.js";
import { failureTexts } from "./failure-texts.js";
import { rowPlanner } from "./import-plan.js";
import { contactImportsSlot } from "./import-runner.js";
import { rowReaderFor, templateHeader } from "./templates.js";

/** A CSV file to send. */
export interface CsvFile {
  fileName: string;
  text: string;
}

export async function canImport(ctx: AppContext, actor: Actor): Promise<CanImportResponse> {
  assertCanImportContacts(actor);
  const current = await currentImport(ctx.db);
  return { canImport: current?.status !== "running" };
}

export async function ongoingImport(ctx: AppContext, actor: Actor): Promise<OngoingImportResponse> {
  assertCanImportContacts(actor);
  const current = await currentImport(ctx.db);
  return { import: current ? presentImport(current) : null };
}

function isOneOf<T extends string>(values: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (values as readonly string[]).includes(value);
}

/** The template's header row as a CSV file; a missing or unknown template answers ERR_INVALID_CSV_TEMPLATE. */
export function templateFile(actor: Actor, templateType: string | undefined, language: Language): CsvFile {
  assertCanImportContacts(actor);
  if (!isOneOf(contactImportTemplateTypes, templateType)) throw new AppError("ERR_INVALID_CSV_TEMPLATE");
  return { fileName: `contacts-${templateType}-${language}.csv`, text: csvFile([templateHeader(templateType, language)]) };
}

/**
 * Checks the uploaded file through and through before anything is stored — the template
 * (ERR_INVALID_CSV_TEMPLATE), the content (text in UTF-8 or Windows-1252, else
 * FILE_NOT_SUPPORTED), the header (ERR_INVALID_{ATENDO,GOOGLE}_CSV), at least one data row
 * (ERR_EMPTY_CSV) — then starts the import in the background (the caller checked the permission
 * before reading the upload).
 */
export async function startImport(ctx: AppContext, actor: Actor, upload: CsvUpload): Promise<ContactImport> {
  assertCanImportContacts(actor);
  const { templateType, language = "en" } = upload.fields;
  if (!isOneOf(contactImportTemplateTypes, templateType)) throw new AppError("ERR_INVALID_CSV_TEMPLATE");
  if (!isOneOf(languages, language)) throw new AppError("ERR_MISSING_VALUES", 400, `language: one of ${languages.join(", ")}.`);
  if (!upload.bytes) throw new AppError("ERR_MISSING_VALUES", 400, "Send the CSV file in the `csv` field.");
  if (upload.bytes.length === 0) throw new AppError("ERR_EMPTY_CSV");
  const table = await parseCsv(decodeCsvText(upload.bytes));
  const reader = rowReaderFor(templateType, table.header);
  if (table.rows.length === 0) throw new AppError("ERR_EMPTY_CSV");
  const row = await ctx.slots.get(contactImportsSlot).start({
    userId: actor.id,
    templateType,
    language,
    fileName: upload.fileName,
    headers: table.header,
    rows: table.rows,
    plan: rowPlanner(reader),
  });
  const started = presentImport(row);
  await ctx.events.emit("contactImport.started", { import: started });
  return started;
}

/**
 * The rows of an import that were not imported, as the file had them, with their line and the
 * reason in `language` (default: the language the import was made in).
 */
export async function failuresFile(ctx: AppContext, actor: Actor, id: number, language: Language | undefined): Promise<CsvFile> {
  assertCanImportContacts(actor);
  const record = await findImport(ctx.db, id);
  if (!record) throw new AppError("ERR_NOT_FOUND");
  const texts = failureTexts[language ?? record.language];
  const failures = await ctx.db
    .select()
    .from(contactImportFailures)
    .where(eq(contactImportFailures.importId, id))
    .orderBy(asc(contactImportFailures.rowNumber));
  const width = record.headers.length;
  const rows = failures.map((failure) => {
    const cells = Array.from({ length: width }, (_, i) => failure.cells[i] ?? "");
    return [String(failure.rowNumber), ...cells, texts.reasons[failure.reason]];
  });
  return { fileName: `contact-import-${id}-failures.csv`, text: csvFile([[texts.line, ...record.headers, texts.reason], ...rows]) };
}
