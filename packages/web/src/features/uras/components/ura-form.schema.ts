import { createUraBody, type Ura, type UpdateUraBody, type UraItemRow } from "@atendo/contracts";
import type { z } from "zod";
import { entityForm, nameField, switchField, textField } from "../../../components/entity-fields";
import { uraRowsField } from "./ura-row-fields";
import { emptyRow, type UraRowValues } from "./ura-rows";

/** The form's values as submitted. */
interface UraFormValues {
  name: string;
  description: string;
  directDial: boolean;
  rows: UraRowValues[];
}

/** The URA form (spec §2, §5): name, direct dial, description and at least one option. */
export const uraForm = entityForm(
  [
    nameField(createUraBody.shape.name),
    switchField("directDial", { label: "uras.directDial", hint: "uras.directDialHint" }, "checkbox"),
    textField("description", createUraBody.shape.description, { label: "uras.description", hint: "uras.descriptionHint", invalid: "uras.descriptionRequired" }, [3, 10]),
    uraRowsField,
  ],
  { toBody: (values, saved) => uraBody(values, saved) },
);

export const uraFormSchema = uraForm.schema;
export type UraFormInput = z.input<typeof uraFormSchema>;
export const uraFormDefaults = (ura: Ura | undefined): UraFormInput => uraForm.defaults(ura, []);
export { emptyRow };

type SavedItem = Ura["uraItems"][number];

function sameItem(row: UraRowValues, item: SavedItem): boolean {
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
  const input = (row: UraRowValues): UraItemRow => ({
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
