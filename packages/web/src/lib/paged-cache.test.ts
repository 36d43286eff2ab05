import type { InfiniteData } from "@tanstack/react-query";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import {
  byText,
  flattenPages,
  nextPageNumber,
  refetchListsInFlight,
  removeFromPages,
  searchedListsCache,
  upsertInPages,
} from "./paged-cache";

interface Item {
  id: number;
  name: string;
}
type ItemPage = { items: Item[]; hasMore: boolean };

const byName = byText<Item>((item) => item.name);

function data(...pages: [string[], boolean][]): InfiniteData<ItemPage> {
  let id = 0;
  return {
    pages: pages.map(([names, hasMore]) => ({ items: names.map((name) => ({ id: ++id, name })), hasMore })),
    pageParams: pages.map((_, index) => index + 1),
  };
}

const names = (value: InfiniteData<ItemPage> | undefined) => value?.pages.map((page) => page.items.map((item) => item.name));

describe("paged cache", () => {
  it("places a new record where it sorts, case-insensitively", () => {
    const before = data([["ana", "Bruno"], true], [["Dora", "eva"], false]);
    const after = upsertInPages(before, "items", { id: 99, name: "carla" }, { compare: byName, insert: true });
    expect(names(after)).toEqual([["ana", "Bruno"], ["carla", "Dora", "eva"]]);
  });

  it("appends to the last page only when no page is left to load", () => {
    const complete = data([["ana"], false]);
    expect(names(upsertInPages(complete, "items", { id: 9, name: "zoe" }, { compare: byName, insert: true }))).toEqual([
      ["ana", "zoe"],
    ]);
    const partial = data([["ana"], true]);
    expect(names(upsertInPages(partial, "items", { id: 9, name: "zoe" }, { compare: byName, insert: true }))).toEqual([
      ["ana"],
    ]);
  });

  it("does not add records while inserting is off, but still replaces shown ones", () => {
    const before = data([["ana", "bruno"], false]);
    expect(upsertInPages(before, "items", { id: 9, name: "carla" }, { compare: byName, insert: false })).toBe(before);
    const renamed = upsertInPages(before, "items", { id: 1, name: "zélia" }, { compare: byName, insert: false });
    expect(names(renamed)).toEqual([["bruno", "zélia"]]);
  });

  it("moves a renamed record to its new place", () => {
    const before = data([["ana", "bruno", "carla"], false]);
    const after = upsertInPages(before, "items", { id: 3, name: "aaron" }, { compare: byName, insert: true });
    expect(after?.pages[0]?.items).toEqual([
      { id: 3, name: "aaron" },
      { id: 1, name: "ana" },
      { id: 2, name: "bruno" },
    ]);
  });

  it("removes by id and leaves the cache untouched for unknown ids", () => {
    const before = data([["ana", "bruno"], true], [["carla"], false]);
    expect(names(removeFromPages(before, "items", 2))).toEqual([["ana"], ["carla"]]);
    expect(removeFromPages(before, "items", 42)).toBe(before);
    expect(removeFromPages(undefined, "items", 1)).toBeUndefined();
  });

  it("flattens pages without showing a record twice", () => {
    const before = data([["ana", "bruno"], true], [["carla"], false]);
    const first = before.pages[0]?.items[1];
    if (first) before.pages[1]?.items.unshift(first);
    expect(flattenPages(before, "items").map((item) => item.name)).toEqual(["ana", "bruno", "carla"]);
  });

  it("numbers the next page from the pages loaded", () => {
    expect(nextPageNumber({ hasMore: true }, [1, 2])).toBe(3);
    expect(nextPageNumber({ hasMore: false }, [1])).toBeUndefined();
  });
});

describe("refetchListsInFlight", () => {
  it("fetches again a list whose answer was on its way when the change arrived", async () => {
    const client = new QueryClient();
    let stored = ["Ana"];
    const answers: ((names: string[]) => void)[] = [];
    const calls: string[][] = [];
    const observer = new QueryObserver(client, {
      queryKey: ["things", "list", ""],
      // Each call reads the table now and answers later (when the test says so).
      queryFn: () => {
        const read = [...stored];
        calls.push(read);
        return new Promise<string[]>((resolve) => answers.push(() => resolve(read)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    stored = ["Aaron", "Ana"]; // the live change, after the list was read
    refetchListsInFlight(client, ["things", "list"]);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    answers.forEach((answer) => answer([]));
    await vi.waitFor(() => expect(client.getQueryData(["things", "list", ""])).toEqual(["Aaron", "Ana"]));
    // A list at rest is left alone.
    refetchListsInFlight(client, ["things", "list"]);
    expect(calls).toHaveLength(2);
    unsubscribe();
  });
});

describe("searchedListsCache", () => {
  const recordKey = (id: number) => ["things", id] as const;
  const cache = searchedListsCache<"items", Item, ItemPage>("things", "items", byName, recordKey);

  it("adds a new record to unsearched lists only, replaces it in searched ones, and keeps its own query", () => {
    const client = new QueryClient();
    client.setQueryData(["things", "list", ""], data([["ana", "bruno"], false]));
    client.setQueryData(["things", "list", "an"], data([["ana"], false]));
    client.setQueryData(["other", "list", ""], data([["zoe"], false]));
    cache.store(client, { id: 9, name: "anabela" });
    cache.store(client, { id: 1, name: "ane" });
    expect(names(client.getQueryData(["things", "list", ""]))).toEqual([["anabela", "ane", "bruno"]]);
    expect(names(client.getQueryData(["things", "list", "an"]))).toEqual([["ane"]]);
    expect(names(client.getQueryData(["other", "list", ""]))).toEqual([["zoe"]]);
    expect(client.getQueryData(recordKey(9))).toEqual({ id: 9, name: "anabela" });
  });

  it("removes a record from every list and drops its own query", () => {
    const client = new QueryClient();
    client.setQueryData(["things", "list", ""], data([["ana", "bruno"], false]));
    client.setQueryData(["things", "list", "b"], data([["bia", "bruno"], false]));
    client.setQueryData(recordKey(2), { id: 2, name: "bruno" });
    cache.forget(client, 2);
    expect(names(client.getQueryData(["things", "list", ""]))).toEqual([["ana"]]);
    expect(names(client.getQueryData(["things", "list", "b"]))).toEqual([["bia"]]);
    expect(client.getQueryState(recordKey(2))).toBeUndefined();
  });
});
