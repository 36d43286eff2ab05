// Conversions of Whaticket values, whichever dialect they were read from.

/** A timestamp as UTC text PostgreSQL reads exactly (MySQL DATETIME has no zone: Sequelize writes UTC). */
export function utcTimestamp(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return /[+-]\d\d(:?\d\d)?$|Z$/.test(text) ? text : `${text}+00`;
}

export function text(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

export function optionalText(value: unknown): string | null {
  const result = text(value).trim();
  return result ? result : null;
}

/** MySQL returns TINYINT(1) as 0/1, PostgreSQL real booleans. */
export function bool(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "t" || value === "true";
}

export function id(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
