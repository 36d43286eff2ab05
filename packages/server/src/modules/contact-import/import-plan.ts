import { contactNumberOf, createContactBody, entityName, limits, type ContactImportRowError } from "@atendo/contracts";
import type { CsvRow } from "../../core/csv.js";
import { boundedExtraInfo, type ExtraPair, type RowReader } from "./row-fields.js";

/** A contact ready to store. */
export interface ContactDraft {
  name: string;
  /** Digits only, as every contact's number. */
  number: string;
  email: string | null;
  extraInfo: ExtraPair[];
}

/** One data row of the file and what becomes of it: a contact to store, or the reason it is not imported. */
export type PlannedRow = { line: number; cells: string[] } & ({ contact: ContactDraft; failure?: never } | { failure: ContactImportRowError; contact?: never });

// The rules of the contact form: a number read as the form and the API read one (contactNumberOf:
// digits, spaces, + - ( ) ., 8–50 digits once normalised), a name of 2–50 characters, an optional
// valid email.
const emailRule = createContactBody.shape.email;

function readRow(fields: ReturnType<RowReader>): ContactDraft | ContactImportRowError {
  const number = contactNumberOf(fields.number);
  if (number === null) return "invalidNumber";
  // A long name is cut to the limit rather than refused: the contact is still the right one.
  const name = entityName.safeParse(fields.name.trim().slice(0, limits.name.max));
  if (!name.success) return "missingName";
  const email = emailRule.safeParse(fields.email);
  const extraInfo = [...fields.extraInfo];
  // An address that is not one is kept where the user can still read and fix it.
  if (!email.success) extraInfo.unshift({ name: "Email", value: fields.email });
  return { name: name.data, number, email: email.success ? email.data : null, extraInfo: boundedExtraInfo(extraInfo) };
}

/** Plans one row after another, in file order (it remembers the numbers it has seen). */
export type RowPlanner = (row: CsvRow) => PlannedRow;

/**
 * What each row of the file becomes: its contact, or why not (a bad number, a missing name, a
 * number that came earlier in the file). Numbers already stored are found when the contacts are
 * written (the unique number decides). Rows are planned batch by batch as the import runs, so a
 * large file costs the request only its reading.
 */
export function rowPlanner(reader: RowReader): RowPlanner {
  const seen = new Set<string>();
  return ({ line, cells }) => {
    const read = readRow(reader(cells));
    if (typeof read === "string") return { line, cells, failure: read };
    if (seen.has(read.number)) return { line, cells, failure: "duplicate" };
    seen.add(read.number);
    return { line, cells, contact: read };
  };
}
