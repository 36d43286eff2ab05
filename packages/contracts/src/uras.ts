import { z } from "zod";
import { positiveId, timestamps } from "./common.js";
import { destination, destinationKinds } from "./destinations.js";
import { entityEvent } from "./entity-event.js";
import { limits } from "./limits.js";

/** How an edited URA row is sent (spec §4): new rows `create`, changed `update`, removed `delete`. */
export const uraItemActions = ["create", "update", "delete"] as const;
export type UraItemAction = (typeof uraItemActions)[number];

/** One option of a menu: what the customer types (`selector`), its text, and where it leads. */
export const uraItem = z.object({
  id: z.number(),
  uraId: z.number(),
  selector: z.string(),
  menuName: z.string(),
  destination,
});
export type UraItem = z.infer<typeof uraItem>;

/** An interactive menu (spec §3 URA). `directDial`: a customer may type an attendant's extension. */
export const ura = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  directDial: z.boolean(),
  uraItems: z.array(uraItem),
  ...timestamps,
});
export type Ura = z.infer<typeof ura>;

const selector = z.string().trim().min(1).max(limits.uraSelectorMax);
const menuName = z.string().trim().min(1).max(limits.uraMenuNameMax);

/**
 * A row of the URA form (spec §5): selector (≤ 2 characters), menu name, destination type and
 * item. The destination comes flat (`destinationType`, `destinationTypeId`, as the form sends it)
 * or as `destination: {…}` (as §3 shows an item). `id` names an existing row on PUT; `action`
 * says what to do with it (a row without one is created, or updated when it has an id).
 */
export const uraItemRow = z.object({
  id: z.union([z.number().int().positive(), positiveId]).optional(),
  selector,
  menuName,
  destinationType: z.enum(destinationKinds),
  destinationTypeId: z.union([z.number().int().positive(), positiveId]),
  action: z.enum(uraItemActions).optional(),
});
/** A row as a client writes it (the flat shape). */
export type UraItemRow = z.input<typeof uraItemRow>;

export const uraItemInput = z.preprocess(
  (row) =>
    row && typeof row === "object" && "destination" in row && row.destination && typeof row.destination === "object"
      ? { ...row.destination, ...row }
      : row,
  uraItemRow,
);
export type UraItemInput = UraItemRow;

/**
 * POST /uras (admins): name and description required (spec §5), at least one row; selectors
 * unique within the menu regardless of case (409 ERR_DUPLICATED_URAITEM_SELECTOR); each row's
 * destination must exist (404 ERR_NO_DESTINATION_FOUND).
 */
export const createUraBody = z.object({
  name: z.string().trim().min(1).max(limits.name.max),
  description: z.string().trim().min(1).max(limits.uraDescriptionMax),
  directDial: z.boolean().default(false),
  uraItems: z.array(uraItemInput).min(1).max(limits.uraItemsMax),
});
/** The body as a client writes it: rows in the flat shape (the preprocess types them as unknown). */
export type CreateUraBody = Omit<z.input<typeof createUraBody>, "uraItems"> & { uraItems: UraItemRow[] };

/**
 * PUT /uras/{id} (admins): the same fields plus `action: "update"` (spec §7); rows carry their
 * own action: `create` adds, `update` changes the row `id`, `delete` removes it (404
 * ERR_NO_URAITEM_FOUND for an id of another menu). At least one row must remain.
 */
export const updateUraBody = createUraBody.extend({ action: z.literal("update").optional() });
export type UpdateUraBody = CreateUraBody & { action?: "update" };

/** `ura` socket event (admins): a menu created, changed or removed (beyond the spec's list). */
export const uraEvent = entityEvent("ura", ura);
export type UraEvent = z.infer<typeof uraEvent>;
