/** A file's size for people: B, kB or MB (decimal units, as the 1 MB CSV limit is), in `language`. */
export function formatFileSize(bytes: number, language: string): string {
  if (bytes < 1000) return `${new Intl.NumberFormat(language).format(bytes)} B`;
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, "kilobyte"] : [bytes / 1_000_000, "megabyte"];
  return new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}
