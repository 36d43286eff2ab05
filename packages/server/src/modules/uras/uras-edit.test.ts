import type { Ura } from "@atendo/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { createQueue } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { createUra, to } from "../../test/routing-fixtures.js";

const t = useAdminServer();
let queueId: number;
let otherQueueId: number;
beforeAll(async () => {
  queueId = (await createQueue(t.server, t.admin)).id;
  otherQueueId = (await createQueue(t.server, t.admin)).id;
});

const row = (selector: string, menuName = `Option ${selector}`) => ({ selector, menuName, destinationType: "queue" as const, destinationTypeId: queueId });
type Item = Ura["uraItems"][number];
/** An option as the edit form sends it back: flat destination, its id and action. */
const sent = (item: Item, action: "update" | "delete", change: object = {}) => ({
  id: item.id,
  selector: item.selector,
  menuName: item.menuName,
  destinationType: item.destination.destinationType,
  destinationTypeId: item.destination.destinationTypeId,
  action,
  ...change,
});

async function menu(selectors: string[]): Promise<Ura> {
  return createUra(t.server, t.admin, to("queue", queueId), { uraItems: selectors.map((s) => row(s)) });
}

function put(ura: Ura, uraItems: object[], fields: object = {}) {
  return t.server.request({
    method: "PUT",
    url: `/api/uras/${ura.id}`,
    token: t.admin,
    payload: { name: ura.name, description: ura.description, directDial: ura.directDial, action: "update", uraItems, ...fields },
  });
}

async function shown(ura: Ura): Promise<Ura> {
  return (await t.server.request({ method: "GET", url: `/api/uras/${ura.id}`, token: t.admin })).json() as Ura;
}

const selectors = (ura: Ura) => ura.uraItems.map((item) => item.selector);

describe("PUT /api/uras/:id: options by action (spec §4)", () => {
  it("creates, updates and deletes options in one save, keeping ids and the order sent", async () => {
    const ura = await menu(["1", "2", "3"]);
    const [one, two, three] = ura.uraItems as [Item, Item, Item];
    const response = await put(
      ura,
      [
        { ...row("4", "New option"), action: "create" },
        sent(three, "update", { menuName: "Third, renamed", destinationTypeId: otherQueueId }),
        sent(two, "delete"),
        sent(one, "update"),
      ],
      { name: "Edited menu", directDial: true },
    );
    expect(response.statusCode).toBe(200);
    const edited = response.json() as Ura;
    expect(edited).toMatchObject({ name: "Edited menu", directDial: true });
    expect(edited.uraItems.map((item) => [item.selector, item.menuName])).toEqual([
      ["4", "New option"],
      ["3", "Third, renamed"],
      ["1", "Option 1"],
    ]);
    expect(edited.uraItems[1]).toMatchObject({ id: three.id, destination: { destinationTypeId: otherQueueId } });
    expect(edited.uraItems[2]?.id).toBe(one.id);
    expect(await shown(ura)).toEqual(edited);
  });

  it("reads a row without an action as an update when it has an id, else as a create", async () => {
    const ura = await menu(["1"]);
    const [one] = ura.uraItems as [Item];
    const { action: _, ...withoutAction } = sent(one, "update", { menuName: "Changed" });
    const edited = (await put(ura, [withoutAction, row("2")])).json() as Ura;
    expect(edited.uraItems.map((item) => [item.id === one.id, item.menuName])).toEqual([
      [true, "Changed"],
      [false, "Option 2"],
    ]);
  });

  it("keeps options the body leaves out, after the listed ones", async () => {
    const ura = await menu(["1", "2", "3"]);
    const [one, two, three] = ura.uraItems as [Item, Item, Item];
    const edited = (await put(ura, [sent(three, "update")])).json() as Ura;
    expect(edited.uraItems.map((item) => item.id)).toEqual([three.id, one.id, two.id]);
  });

  it("lets options swap selectors in one save", async () => {
    const ura = await menu(["1", "2"]);
    const [one, two] = ura.uraItems as [Item, Item];
    const response = await put(ura, [sent(one, "update", { selector: "2" }), sent(two, "update", { selector: "1" })]);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Ura).uraItems.map((item) => [item.id, item.selector])).toEqual([
      [one.id, "2"],
      [two.id, "1"],
    ]);
  });

  it("lets a new option take the selector of a deleted one", async () => {
    const ura = await menu(["1", "2"]);
    const [one, two] = ura.uraItems as [Item, Item];
    const edited = (await put(ura, [sent(one, "delete"), sent(two, "update"), { ...row("1", "Replacement"), action: "create" }])).json() as Ura;
    expect(edited.uraItems.map((item) => [item.selector, item.menuName])).toEqual([
      ["2", "Option 2"],
      ["1", "Replacement"],
    ]);
  });

  it("refuses duplicate selectors after the save, regardless of case, changing nothing", async () => {
    const ura = await menu(["a", "b"]);
    const [a, b] = ura.uraItems as [Item, Item];
    for (const uraItems of [
      [sent(a, "update"), sent(b, "update", { selector: "A" })],
      [{ ...row("B"), action: "create" }],
      [sent(a, "update", { selector: "x" }), { ...row("X"), action: "create" }],
    ]) {
      const response = await put(ura, uraItems, { name: "Not saved" });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe("ERR_DUPLICATED_URAITEM_SELECTOR");
    }
    expect(await shown(ura)).toEqual(ura);
  });

  it("refuses an option of another menu or of none (404), and update or delete without an id (400)", async () => {
    const ura = await menu(["1"]);
    const other = await menu(["1"]);
    const foreign = other.uraItems[0] as Item;
    for (const action of ["update", "delete"] as const) {
      const response = await put(ura, [sent(ura.uraItems[0] as Item, "update"), sent(foreign, action)]);
      expect(response.statusCode, action).toBe(404);
      expect(response.json().error).toBe("ERR_NO_URAITEM_FOUND");
      expect((await put(ura, [{ ...sent(foreign, action), id: 999_999 }])).json().error).toBe("ERR_NO_URAITEM_FOUND");
      const withoutId = await put(ura, [{ ...row("5"), action }]);
      expect(withoutId.statusCode, action).toBe(400);
      expect(withoutId.json().error).toBe("ERR_MISSING_VALUES");
    }
    expect(await shown(other)).toEqual(other);
  });

  it("keeps at least one option: deleting them all is refused", async () => {
    const ura = await menu(["1", "2"]);
    const response = await put(
      ura,
      ura.uraItems.map((item) => sent(item, "delete")),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
    expect(selectors(await shown(ura))).toEqual(["1", "2"]);
  });

  it("writes all or nothing: a missing destination in one row leaves the menu as it was", async () => {
    const ura = await menu(["1", "2"]);
    const [one, two] = ura.uraItems as [Item, Item];
    const response = await put(ura, [sent(one, "delete"), sent(two, "update", { destinationType: "uras", destinationTypeId: 999_999 })], { name: "Half saved" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("ERR_NO_DESTINATION_FOUND");
    expect(await shown(ura)).toEqual(ura);
  });

  it("lets an option lead back to its own menu, and the menu still be deleted", async () => {
    const ura = await menu(["1"]);
    const looped = await put(ura, [sent(ura.uraItems[0] as Item, "update"), { selector: "0", menuName: "Back to the start", destinationType: "uras", destinationTypeId: ura.id }]);
    expect(looped.statusCode).toBe(200);
    const deleted = await t.server.request({ method: "DELETE", url: `/api/uras/${ura.id}`, token: t.admin });
    expect(deleted.json()).toEqual({ ok: true });
    expect((await t.server.request({ method: "GET", url: `/api/uras/${ura.id}`, token: t.admin })).json().error).toBe("ERR_NO_URA_FOUND");
  });
});
