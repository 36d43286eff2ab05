/**
 * The list's selection for bulk actions (docs/decisions/0077), as pure steps over the ids of the
 * rows loaded, in their order. A click toggles one row and becomes the anchor; a shift-click sets
 * every row from the anchor to it as the click set this one.
 */
export interface TicketSelection {
  ids: ReadonlySet<number>;
  /** The row last clicked without shift: where a range starts. */
  anchor: number | null;
}

export const noSelection: TicketSelection = { ids: new Set(), anchor: null };

export function toggleRow(selection: TicketSelection, order: readonly number[], id: number, range: boolean): TicketSelection {
  const checked = !selection.ids.has(id);
  const ids = new Set(selection.ids);
  const from = range && selection.anchor !== null ? order.indexOf(selection.anchor) : -1;
  const to = order.indexOf(id);
  const span = from < 0 || to < 0 ? [id] : order.slice(Math.min(from, to), Math.max(from, to) + 1);
  for (const each of span) {
    if (checked) ids.add(each);
    else ids.delete(each);
  }
  return { ids, anchor: range && selection.anchor !== null ? selection.anchor : id };
}

/** Every loaded row, or none when every loaded row is already selected. */
export function toggleAll(selection: TicketSelection, order: readonly number[]): TicketSelection {
  const all = order.length > 0 && order.every((id) => selection.ids.has(id));
  return { ids: all ? new Set() : new Set(order), anchor: null };
}

/** The selected rows still loaded, in the list's order: what a bulk action acts on. */
export function selectedInOrder(selection: TicketSelection, order: readonly number[]): number[] {
  return order.filter((id) => selection.ids.has(id));
}
