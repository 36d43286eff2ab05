import { errorCatalogue, limits, type uraItemInput } from "@atendo/contracts";
import type { z } from "zod";
import { AppError } from "../../core/app-error.js";

export type UraItemRow = z.output<typeof uraItemInput>;

/** An option already saved in the menu being edited. */
export interface SavedItem {
  id: number;
  selector: string;
  position: number;
}

/** What one save does to a menu's options; positions give the order the menu lists them in. */
export interface UraItemPlan {
  create: Array<{ row: UraItemRow; position: number }>;
  update: Array<{ id: number; row: UraItemRow; position: number }>;
  /** Options the body did not mention: kept as they are, listed after the others. */
  move: Array<{ id: number; position: number }>;
  remove: number[];
}

function missing(detail: string): AppError {
  return new AppError("ERR_MISSING_VALUES", 400, `${errorCatalogue.ERR_MISSING_VALUES.en} ${detail}`);
}

/** Selectors are matched regardless of case, so `a` and `A` are one option (409). */
function assertUniqueSelectors(selectors: readonly string[]): void {
  const seen = new Set<string>();
  for (const selector of selectors.map((s) => s.toLowerCase())) {
    if (seen.has(selector)) throw new AppError("ERR_DUPLICATED_URAITEM_SELECTOR");
    seen.add(selector);
  }
}

/**
 * Turns the rows of a URA form into writes (spec §4): a `create` row is added; an `update` row
 * changes the saved option `id`; a `delete` row removes it (an id that is not an option of this
 * menu: 404 ERR_NO_URAITEM_FOUND). A row without an action is an update when it has an id, else a
 * create. `saved` is null on POST: a new menu has no options to change, so every row is created
 * (ids ignored) and rows marked `delete` are dropped. Options the body leaves out stay, after the
 * listed ones. At least one option must remain (400), selectors unique regardless of case (409).
 */
export function planUraItems(rows: readonly UraItemRow[], saved: readonly SavedItem[] | null): UraItemPlan {
  const byId = new Map((saved ?? []).map((item) => [item.id, item]));
  const mentioned = new Set<number>();
  const listed: Array<{ id?: number; row: UraItemRow }> = [];
  const remove: number[] = [];
  for (const row of rows) {
    const action = row.action ?? (row.id !== undefined && saved ? "update" : "create");
    if (!saved || action === "create") {
      if (action !== "delete") listed.push({ row });
      continue;
    }
    if (row.id === undefined) throw missing(`uraItems: an option to ${action} needs its id.`);
    if (!byId.has(row.id)) throw new AppError("ERR_NO_URAITEM_FOUND");
    if (mentioned.has(row.id)) throw missing(`uraItems: option ${row.id} is listed twice.`);
    mentioned.add(row.id);
    if (action === "delete") remove.push(row.id);
    else listed.push({ id: row.id, row });
  }
  const kept = (saved ?? []).filter((item) => !mentioned.has(item.id)).sort((a, b) => a.position - b.position || a.id - b.id);
  const total = listed.length + kept.length;
  if (total === 0) throw missing("uraItems: a menu keeps at least one option.");
  if (total > limits.uraItemsMax) throw missing(`uraItems: at most ${limits.uraItemsMax} options.`);
  assertUniqueSelectors([...listed.map((l) => l.row.selector), ...kept.map((item) => item.selector)]);

  const plan: UraItemPlan = { create: [], update: [], move: [], remove };
  listed.forEach(({ id, row }, position) => {
    if (id === undefined) plan.create.push({ row, position });
    else plan.update.push({ id, row, position });
  });
  kept.forEach((item, index) => {
    const position = listed.length + index;
    if (item.position !== position) plan.move.push({ id: item.id, position });
  });
  return plan;
}
