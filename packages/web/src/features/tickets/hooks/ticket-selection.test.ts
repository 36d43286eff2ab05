import { describe, expect, it } from "vitest";
import { noSelection, selectedInOrder, toggleAll, toggleRow } from "./ticket-selection";

const order = [10, 11, 12, 13, 14, 15];

describe("ticket selection", () => {
  it("toggles one row, and a shift-click selects the range from the last clicked row, either way", () => {
    let selection = toggleRow(noSelection, order, 11, false);
    selection = toggleRow(selection, order, 14, true);
    expect(selectedInOrder(selection, order)).toEqual([11, 12, 13, 14]);
    selection = toggleRow(selection, order, 10, true);
    expect(selectedInOrder(selection, order)).toEqual([10, 11, 12, 13, 14]);
  });

  it("a shift-click on a selected row clears the range; without an anchor it toggles one row", () => {
    let selection = toggleAll(noSelection, order);
    selection = toggleRow(selection, order, 12, false); // clears 12, anchor 12
    selection = toggleRow(selection, order, 14, true); // 14 is selected: the range is cleared
    expect(selectedInOrder(selection, order)).toEqual([10, 11, 15]);
    expect(selectedInOrder(toggleRow(noSelection, order, 13, true), order)).toEqual([13]);
  });

  it("selects every loaded row, then none; acts only on the rows still loaded", () => {
    const all = toggleAll(noSelection, order);
    expect(selectedInOrder(all, order)).toEqual(order);
    expect(selectedInOrder(toggleAll(all, order), order)).toEqual([]);
    expect(selectedInOrder(all, [12, 99])).toEqual([12]);
  });
});
