import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { byText } from "./paged-cache";
import { wholeListCache } from "./whole-list-cache";

interface Item {
  id: number;
  name: string;
  flag?: boolean;
}

const listKey = ["things"] as const;
const recordKey = (id: number) => ["things", id] as const;
const cache = wholeListCache<Item>(listKey, recordKey, byText<Item>((item) => item.name));

describe("wholeListCache", () => {
  it("replaces or adds a record in order, lets the others be adjusted, and keeps the record's own query", () => {
    const client = new QueryClient();
    client.setQueryData<Item[]>(listKey, [
      { id: 1, name: "ana", flag: true },
      { id: 2, name: "caio" },
    ]);
    cache.store(client, { id: 3, name: "bia" });
    cache.store(client, { id: 2, name: "aaron", flag: true }, (others) => others.map((item) => ({ ...item, flag: false })));
    expect(client.getQueryData(listKey)).toEqual([
      { id: 2, name: "aaron", flag: true },
      { id: 1, name: "ana", flag: false },
      { id: 3, name: "bia", flag: false },
    ]);
    expect(client.getQueryData(recordKey(3))).toEqual({ id: 3, name: "bia" });
  });

  it("leaves a list never loaded alone and forgets a record everywhere", () => {
    const client = new QueryClient();
    cache.store(client, { id: 1, name: "ana" });
    expect(client.getQueryData(listKey)).toBeUndefined();
    client.setQueryData<Item[]>(listKey, [{ id: 1, name: "ana" }]);
    cache.forget(client, 1);
    expect(client.getQueryData(listKey)).toEqual([]);
    expect(client.getQueryState(recordKey(1))).toBeUndefined();
  });
});
