import { AppError } from "../../core/app-error.js";
import { headerKey, type ExtraPair, type RowReader } from "./row-fields.js";

/**
 * The columns of a Google Contacts "Google CSV" export that Atendo reads. Google writes them in
 * English whatever the account's language, in one of two layouts: the current one (2022 on:
 * "First Name", "Last Name", "Phone 1 - Label") and the older one ("Name", "Given Name",
 * "Family Name", "Phone 1 - Type"). Phone and e-mail columns repeat (1, 2, …) as many times as the
 * most furnished contact needs, and one cell may hold several values separated by " ::: ".
 */
const layouts = {
  current: {
    signature: ["First Name", "Middle Name", "Last Name"],
    nameParts: ["First Name", "Middle Name", "Last Name"],
    fallbackNames: ["File As", "Nickname", "Organization Name"],
  },
  older: {
    signature: ["Name", "Given Name", "Family Name"],
    nameParts: ["Given Name", "Additional Name", "Family Name"],
    fallbackNames: ["Nickname", "Short Name", "Organization 1 - Name"],
  },
} as const;

/** Columns with nothing worth keeping on a contact: Google's photo address and its group names ("* myContacts"). */
const ignored = new Set(["Photo", "Labels", "Group Membership"].map(headerKey));

/** The download: the current export's leading columns, up to the first phone. */
export const googleTemplateHeader: readonly string[] = [
  "First Name",
  "Middle Name",
  "Last Name",
  "Phonetic First Name",
  "Phonetic Middle Name",
  "Phonetic Last Name",
  "Name Prefix",
  "Name Suffix",
  "Nickname",
  "File As",
  "Organization Name",
  "Organization Title",
  "Organization Department",
  "Birthday",
  "Notes",
  "Photo",
  "Labels",
  "E-mail 1 - Label",
  "E-mail 1 - Value",
  "Phone 1 - Label",
  "Phone 1 - Value",
];

/** "Phone 2 - Value" → { kind: "phone", n: 2, part: "value" }. */
const MULTI_VALUE = /^(phone|email)(\d+)(value|label|type)$/;

interface MultiColumn {
  kind: "phone" | "email";
  n: number;
  valueAt: number;
  labelAt?: number;
}

/**
 * The values of one cell (" ::: " separates several), each with its label, if any. Google groups
 * values of one label in one column, so a single label names them all; "* " marks the primary one.
 */
function valuesOf(cells: readonly string[], column: MultiColumn): ExtraPair[] {
  const values = (cells[column.valueAt] ?? "").split(":::").map((v) => v.trim());
  const labels = column.labelAt === undefined ? [] : (cells[column.labelAt] ?? "").split(":::").map((l) => l.trim().replace(/^\*\s*/, ""));
  return values.flatMap((value, i) => (value ? [{ name: labels[i] ?? labels[0] ?? "", value }] : []));
}

/**
 * Reads rows of a Google Contacts export (either layout; otherwise ERR_INVALID_GOOGLE_CSV). The
 * name is the name parts joined, or else the first of "File As", nickname, organisation; the
 * number the first phone, the email the first e-mail; further phones and e-mails and every other
 * filled column (notes, organisation, birthday…) are kept as extra fields.
 */
export function googleRowReader(header: readonly string[]): RowReader {
  const index = new Map(header.map((title, i) => [headerKey(title), i] as const));
  const layout = Object.values(layouts).find((l) => l.signature.every((title) => index.has(headerKey(title))));
  if (!layout) throw new AppError("ERR_INVALID_GOOGLE_CSV");
  const at = (titles: readonly string[]) => titles.flatMap((title) => index.get(headerKey(title)) ?? []);
  const namePartsAt = at(layout.nameParts);
  const fallbackNamesAt = at(layout.fallbackNames);

  const multi = new Map<string, MultiColumn>();
  const consumed = new Set<number>([...namePartsAt, ...(index.has("name") ? [index.get("name") as number] : [])]);
  for (const [i, title] of header.entries()) {
    const match = MULTI_VALUE.exec(headerKey(title));
    if (!match) continue;
    consumed.add(i);
    const [, kind, n, part] = match as unknown as [string, "phone" | "email", string, string];
    const key = `${kind}${n}`;
    const column = multi.get(key) ?? { kind, n: Number(n), valueAt: -1 };
    if (part === "value") column.valueAt = i;
    else column.labelAt = i;
    multi.set(key, column);
  }
  const columns = [...multi.values()].filter((c) => c.valueAt >= 0).sort((a, b) => a.n - b.n);
  const phones = columns.filter((c) => c.kind === "phone");
  const emails = columns.filter((c) => c.kind === "email");
  const others = header.flatMap((title, i) => (title && !consumed.has(i) && !ignored.has(headerKey(title)) ? [{ i, title }] : []));
  const fullNameAt = layout === layouts.older ? index.get("name") : undefined;

  return (cells) => {
    const cell = (i: number) => (cells[i] ?? "").trim();
    const joined = namePartsAt.map(cell).filter(Boolean).join(" ");
    const name = (fullNameAt === undefined ? "" : cell(fullNameAt)) || joined || fallbackNamesAt.map(cell).find(Boolean) || "";
    const [number, ...morePhones] = phones.flatMap((c) => valuesOf(cells, c));
    const [email, ...moreEmails] = emails.flatMap((c) => valuesOf(cells, c));
    return {
      name,
      number: number?.value ?? "",
      email: email?.value ?? "",
      extraInfo: [
        ...morePhones.map((p) => ({ name: p.name || "Phone", value: p.value })),
        ...moreEmails.map((e) => ({ name: e.name || "E-mail", value: e.value })),
        ...others.map(({ i, title }) => ({ name: title, value: cells[i] ?? "" })),
      ],
    };
  };
}
