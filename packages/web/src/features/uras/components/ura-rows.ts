import { limits, type Ura } from "@atendo/contracts";
import { z } from "zod";
import { destinationFormFields } from "../../../lib/destinations";

/** One option row as the form holds it; `itemId` names a saved option (null: added in this form). */
const rowSchema = z.object({
  itemId: z.number().nullable(),
  selector: z.string().trim().min(1).max(limits.uraSelectorMax),
  menuName: z.string().trim().min(1).max(limits.uraMenuNameMax),
  destinationType: destinationFormFields.type,
  destinationTypeId: destinationFormFields.item,
});

export type UraRowInput = z.input<typeof rowSchema>;
export type UraRowValues = z.output<typeof rowSchema>;

const selectorKey = (selector: string) => selector.trim().toLowerCase();

/** The menu's options (spec §2, §5): at least one, selectors unique regardless of case (the later row is marked). */
export const uraRowsShape = {
  rows: z
    .array(rowSchema)
    .min(1)
    .max(limits.uraItemsMax)
    .superRefine((rows, context) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const key = selectorKey(row.selector);
        if (seen.has(key)) context.addIssue({ code: "custom", path: [index, "selector"], message: "duplicate" });
        seen.add(key);
      });
    }),
};

/** A new, empty option row. */
export function emptyRow(): UraRowInput {
  return { itemId: null, selector: "", menuName: "", destinationType: "", destinationTypeId: "" };
}

/** The saved menu's options as the form's rows; one empty row for a new menu. */
export function uraRowsOf(ura: Ura | undefined): UraRowInput[] {
  if (!ura?.uraItems.length) return [emptyRow()];
  return ura.uraItems.map((item) => ({
    itemId: item.id,
    selector: item.selector,
    menuName: item.menuName,
    destinationType: item.destination.destinationType,
    destinationTypeId: String(item.destination.destinationTypeId),
  }));
}
