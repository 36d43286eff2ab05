import type { CreateUraBody, UpdateUraBody, Ura } from "@atendo/contracts";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { adminEntity } from "./admin-entity";

const unused = () => Promise.reject(new Error("no request in this test"));
const api = { list: unused, get: unused, create: unused, update: unused, remove: unused };

describe("adminEntity", () => {
  it("gives a kind one name: its query keys, its texts' namespace and its routes", () => {
    const entity = adminEntity("uras", api, { live: "ura", title: "pages.ura" });
    expect(entity.texts).toBe("uras");
    expect(entity.title).toBe("pages.ura");
    expect(entity.resource.listKey).toEqual(["uras"]);
    expect(entity.resource.recordKey(7)).toEqual(["uras", 7]);
    expect(entity.pages.list).toBe("/URA");
    expect(entity.pages.create).toBe("/URA/new");
    expect(entity.pages.edit.pattern).toBe("/URA/edit/:id");
    expect(entity.pages.edit.href(7)).toBe("/URA/edit/7");
  });

  it("keeps the cached list in name order and lets a saved record change the others", () => {
    const entity = adminEntity<"uras", "ura", Ura, CreateUraBody, UpdateUraBody>("uras", api, {
      live: "ura",
      title: "pages.ura",
      // As the default connection's flag: the last one saved with it takes it from the others.
      adjustOthers: (record, others) => (record.directDial ? others.map((other) => ({ ...other, directDial: false })) : others),
    });
    const client = new QueryClient();
    const menu = (id: number, name: string, directDial = false): Ura => ({ id, name, directDial, description: "", uraItems: [], createdAt: "", updatedAt: "" });
    client.setQueryData(entity.resource.listKey, [menu(1, "Sales", true), menu(2, "Billing")]);
    entity.resource.cache.store(client, menu(3, "Accounts", true));
    expect(client.getQueryData(entity.resource.listKey)).toEqual([menu(3, "Accounts", true), menu(2, "Billing"), menu(1, "Sales")]);
    entity.resource.cache.forget(client, 2);
    expect(client.getQueryData(entity.resource.listKey)).toEqual([menu(3, "Accounts", true), menu(1, "Sales")]);
  });
});
