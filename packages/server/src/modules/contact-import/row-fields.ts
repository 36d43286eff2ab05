import { limits } from "@atendo/contracts";

/** An extra name/value pair of a contact, as read from a file. */
export interface ExtraPair {
  name: string;
  value: string;
}

/** What a template reads from one row, before any check: the cells as the file has them. */
export interface RowFields {
  name: string;
  number: string;
  email: string;
  extraInfo: ExtraPair[];
}

/** Reads one row's cells into fields; each template builds one from the file's header. */
export type RowReader = (cells: readonly string[]) => RowFields;

/** "Número", "numero", "NUMERO " all compare as "numero": case, accents, spaces and punctuation ignored. */
export function headerKey(title: string): string {
  return title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const { maxItems, nameMax, valueMax } = limits.contactExtraInfo;

/**
 * The pairs a contact can keep: blank values dropped, names and values cut to the contact's
 * bounds, at most `maxItems` (the contact form's limits; an import never stores what it could not edit).
 */
export function boundedExtraInfo(pairs: readonly ExtraPair[]): ExtraPair[] {
  const kept: ExtraPair[] = [];
  for (const pair of pairs) {
    const name = pair.name.trim().slice(0, nameMax);
    const value = pair.value.trim().slice(0, valueMax);
    if (!name || !value) continue;
    kept.push({ name, value });
    if (kept.length === maxItems) break;
  }
  return kept;
}
