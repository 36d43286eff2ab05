import { errorCatalogue, type Language } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";
import { headerKey, type ExtraPair, type RowReader } from "./row-fields.js";

const fields = ["name", "number", "email"] as const;
type Field = (typeof fields)[number];

/** The template's column titles, as the download writes them in each language. */
const titles: Record<Language, Record<Field, string>> = {
  en: { name: "Name", number: "Number", email: "Email" },
  pt: { name: "Nome", number: "Número", email: "E-mail" },
  es: { name: "Nombre", number: "Número", email: "Correo electrónico" },
};

/** Every spelling a column is recognised by: its title in any language (people mix them), plus "correo". */
const keysOf: Record<Field, Set<string>> = {
  name: new Set(Object.values(titles).map((t) => headerKey(t.name))),
  number: new Set(Object.values(titles).map((t) => headerKey(t.number))),
  email: new Set([...Object.values(titles).map((t) => headerKey(t.email)), "correo"]),
};

/** Header row of Atendo's template in a language: name, number, email; further columns are extra fields. */
export function atendoTemplateHeader(language: Language): string[] {
  return fields.map((field) => titles[language][field]);
}

/** Whether a column titled so is read as the name, number or email (in any language), not as an extra field. */
export function isAtendoTemplateField(title: string): boolean {
  return fieldOf(title) !== undefined;
}

function fieldOf(title: string): Field | undefined {
  const key = headerKey(title);
  return fields.find((field) => keysOf[field].has(key));
}

/**
 * Reads rows of a file made from Atendo's template: its name and number columns (titles in en, pt
 * or es, case and accents ignored, any order) must be there once each; email is optional; every
 * other titled column is an extra field named by its title. Otherwise ERR_INVALID_ATENDO_CSV.
 */
export function atendoRowReader(header: readonly string[]): RowReader {
  const at = new Map<Field, number>();
  const extra: { index: number; title: string }[] = [];
  for (const [index, title] of header.entries()) {
    const field = fieldOf(title);
    if (field && at.has(field)) throw new AppError("ERR_INVALID_ATENDO_CSV", 400, `${errorCatalogue.ERR_INVALID_ATENDO_CSV.en} It has two "${title}" columns.`);
    if (field) at.set(field, index);
    else if (title) extra.push({ index, title });
  }
  const nameAt = at.get("name");
  const numberAt = at.get("number");
  if (nameAt === undefined || numberAt === undefined) throw new AppError("ERR_INVALID_ATENDO_CSV");
  const emailAt = at.get("email");
  return (cells) => ({
    name: cells[nameAt] ?? "",
    number: cells[numberAt] ?? "",
    email: emailAt === undefined ? "" : (cells[emailAt] ?? ""),
    extraInfo: extra.map(({ index, title }): ExtraPair => ({ name: title, value: cells[index] ?? "" })),
  });
}
