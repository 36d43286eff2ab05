import { limits } from "@atendo/contracts";

/** Why a chosen file cannot be sent (spec §5: CSV only, under 1,000,000 bytes). */
export type CsvFileProblem = "notCsv" | "empty" | "tooLarge";

/**
 * The check done before sending, so the user is told at once; the server checks again. The name
 * decides as much as the type: Windows reports Excel's type for a .csv file, some systems none.
 */
export function csvFileProblem(file: { name: string; type: string; size: number }): CsvFileProblem | null {
  if (!/\.csv$/i.test(file.name) && file.type.toLowerCase() !== "text/csv") return "notCsv";
  if (file.size === 0) return "empty";
  if (file.size >= limits.csvBytes) return "tooLarge";
  return null;
}
