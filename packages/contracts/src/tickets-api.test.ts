import { describe, expect, it } from "vitest";
import { listTicketsQuery } from "./tickets-api.js";

describe("listTicketsQuery", () => {
  it("reads queue ids as JSON, comma list or repeated keys, and flags as text", () => {
    expect(listTicketsQuery.parse({ queueIds: "[1,2,2]", showAll: "true" })).toMatchObject({ queueIds: [1, 2], showAll: true, withUnreadMessages: false });
    expect(listTicketsQuery.parse({ queueIds: "3, 4" }).queueIds).toEqual([3, 4]);
    expect(listTicketsQuery.parse({ queueIds: ["5", "6"] }).queueIds).toEqual([5, 6]);
    expect(listTicketsQuery.parse({ queueIds: "[]" }).queueIds).toBeUndefined();
  });

  it("refuses ids that are not positive integers", () => {
    expect(listTicketsQuery.safeParse({ queueIds: "[1,x]" }).success).toBe(false);
    expect(listTicketsQuery.safeParse({ queueIds: "0" }).success).toBe(false);
  });
});
