import type { Ticket } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { aTicket } from "../../../../test/fixtures";
import type { ListViewer } from "../../hooks/ticket-list-cache";
import { belongsToColumn, movedTagIds, readBoardColumns, writeBoardColumns } from "./board-rules";

const me: ListViewer = { id: 7, profile: "user", queueIds: [1], unstaffedQueueIds: [], timeZone: "UTC" };
const admin: ListViewer = { id: 1, profile: "admin", queueIds: [], unstaffedQueueIds: [], timeZone: "UTC" };
const red = { id: 3, name: "Red", color: "#F44336" };
const blue = { id: 4, name: "Blue", color: "#2196F3" };
const mine = (overrides: Partial<Ticket> = {}) => aTicket({ status: "open", userId: me.id, tags: [], ...overrides });

describe("belongsToColumn", () => {
  it("keeps active tickets of the user carrying the column's label, or none for 'No label'", () => {
    expect(belongsToColumn(mine({ tags: [red] }), { column: red.id, showAll: false }, me)).toBe(true);
    expect(belongsToColumn(mine({ tags: [red] }), { column: blue.id, showAll: false }, me)).toBe(false);
    expect(belongsToColumn(mine(), { column: "none", showAll: false }, me)).toBe(true);
    expect(belongsToColumn(mine({ tags: [blue] }), { column: "none", showAll: false }, me)).toBe(false);
    expect(belongsToColumn(mine({ status: "closed", tags: [red] }), { column: red.id, showAll: false }, me)).toBe(false);
  });

  it("follows the lists' visibility: someone else's ticket only for an admin showing all", () => {
    const others = mine({ userId: 99, tags: [red] });
    expect(belongsToColumn(others, { column: red.id, showAll: true }, me)).toBe(false);
    expect(belongsToColumn(others, { column: red.id, showAll: false }, admin)).toBe(false);
    expect(belongsToColumn(others, { column: red.id, showAll: true }, admin)).toBe(true);
  });
});

describe("movedTagIds", () => {
  it("replaces the first column's label with the second's and keeps the others", () => {
    expect(movedTagIds([red, { id: 9 }], red.id, blue.id)).toEqual([9, blue.id]);
    expect(movedTagIds([], "none", blue.id)).toEqual([blue.id]);
    // Already carrying the target: once.
    expect(movedTagIds([red, blue], red.id, blue.id)).toEqual([blue.id]);
    // Onto "No label": none left, so the card lands there.
    expect(movedTagIds([red, { id: 9 }], red.id, "none")).toEqual([]);
  });
});

describe("remembered columns", () => {
  it("are kept per user, a broken value read as none", () => {
    const stored = writeBoardColumns(writeBoardColumns(null, 1, [3, 4]), 2, [5]);
    expect(readBoardColumns(stored, 1)).toEqual([3, 4]);
    expect(readBoardColumns(stored, 2)).toEqual([5]);
    expect(readBoardColumns(stored, 3)).toEqual([]);
    expect(readBoardColumns("not json", 1)).toEqual([]);
    expect(readBoardColumns(writeBoardColumns("[1]", 1, [6]), 1)).toEqual([6]);
  });
});
