import { layout } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { isNearBottom } from "./infinite-scroll";

describe("isNearBottom", () => {
  it("is true within 100 px of the end and false before", () => {
    expect(layout.infiniteScrollPx).toBe(100);
    const box = { clientHeight: 400, scrollHeight: 1000 };
    expect(isNearBottom({ ...box, scrollTop: 499 })).toBe(false);
    expect(isNearBottom({ ...box, scrollTop: 500 })).toBe(true);
    expect(isNearBottom({ ...box, scrollTop: 600 })).toBe(true);
  });

  it("is true for a box whose content does not fill it", () => {
    expect(isNearBottom({ scrollTop: 0, clientHeight: 400, scrollHeight: 300 })).toBe(true);
  });
});
