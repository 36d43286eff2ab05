import { createUraBody, limits, type Ura, type UpdateUraBody, type UraItemRow } from "@atendo/contracts";
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

const selectorKey = (selector: string) => selector.trim().toLowerCase();

/** The URA form (spec §2, §5): name, direct dial, description and at least one option; selectors unique regardless of case. */
export const uraFormSchema = z
  .object({
    name: createUraBody.shape.name,
    description: createUraBody.shape.description,
    directDial: z.boolean(),
    rows: z.array(rowSchema).min(1).max(limits.uraItemsMax),
  })
  .superRefine(({ rows }, context) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = selectorKey(row.selector);
      if (seen.has(key)) context.addIssue({ code: "custom", path: ["rows", index, "selector"], message: "duplicate" });
      seen.add(key);
    });
  });

export type UraFormInput = z.input<typeof uraFormSchema>;
export type UraFormValues = z.output<typeof uraFormSchema>;
export type UraRowInput = UraFormInput["rows"][number];

/** A new, empty option row. */
export function emptyRow(): UraRowInput {
  return { itemId: null, selector: "", menuName: "", destinationType: "", destinationTypeId: "" };
}

export function uraFormDefaults(ura: Ura | undefined): UraFormInput {
  return {
    name: ura?.name ?? "",
    description: ura?.description ?? "",
    directDial: ura?.directDial ?? false,
    rows: ura?.uraItems.length
      ? ura.uraItems.map((item) => ({
          itemId: item.id,
          selector: item.selector,
          menuName: item.menuName,
          destinationType: item.destination.destinationType,
          destinationTypeId: String(item.destination.destinationTypeId),
        }))
      : [emptyRow()],
  };
}

type SavedItem = Ura["uraItems"][number];

function sameItem(row: UraFormValues["rows"][number], item: SavedItem): boolean {
  return (
    row.selector === item.selector &&
    row.menuName === item.menuName &&
    row.destinationType === item.destination.destinationType &&
    row.destinationTypeId === item.destination.destinationTypeId
  );
}

/**
 * The request body (spec §4, §7). A new menu sends its rows. An edited one sends `action:
 * "update"` and marks each row against the saved menu: added rows `create`, changed ones `update`,
 * unchanged ones with their id only, and saved rows removed in the form `delete` (first, so a
 * selector they free can be taken by an added row).
 */
export function uraBody(values: UraFormValues, saved?: Ura): UpdateUraBody {
  const { rows, ...fields } = values;
  const input = (row: UraFormValues["rows"][number]): UraItemRow => ({
    selector: row.selector,
    menuName: row.menuName,
    destinationType: row.destinationType,
    destinationTypeId: row.destinationTypeId,
  });
  if (!saved) return { ...fields, uraItems: rows.map(input) };

  const kept = new Set(rows.map((row) => row.itemId));
  const deleted: UraItemRow[] = saved.uraItems
    .filter((item) => !kept.has(item.id))
    .map((item) => ({ id: item.id, selector: item.selector, menuName: item.menuName, ...item.destination, action: "delete" }));
  const sent: UraItemRow[] = rows.map((row) => {
    if (row.itemId === null) return { ...input(row), action: "create" };
    const item = saved.uraItems.find((candidate) => candidate.id === row.itemId);
    return item && sameItem(row, item) ? { id: row.itemId, ...input(row) } : { id: row.itemId, ...input(row), action: "update" };
  });
  return { ...fields, uraItems: [...deleted, ...sent], action: "update" };
}
