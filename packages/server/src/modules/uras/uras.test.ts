import type { Ura } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { createQueue } from "../../test/fixtures.js";
import { useAdminServer } from "../../test/admin-server.js";
import { anonymous, expectRefused, resourceCalls } from "../../test/route-guards.js";
import { createUra, to } from "../../test/routing-fixtures.js";

const t = useAdminServer();
let queueId: number;
beforeAll(async () => {
  queueId = (await createQueue(t.server, t.admin, { name: "Menu Queue" })).id;
});

const row = (selector: string, menuName = `Option ${selector}`) => ({ selector, menuName, destinationType: "queue" as const, destinationTypeId: queueId });
const form = (uraItems: object[], name = "Main menu") => ({ name, description: "How can we help?", directDial: false, uraItems });

function post(payload: object) {
  return t.server.request({ method: "POST", url: "/api/uras", token: t.admin, payload });
}

describe("URA routes: guards", () => {
  const calls = () => resourceCalls("/api/uras", { create: form([row("1")], "Guarded"), update: { ...form([row("1")], "Guarded"), action: "update" } });

  it("reject anonymous users on every route", async () => {
    await expectRefused(t.server, calls(), anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("reject attendants on every route (an admin screen), changing nothing", async () => {
    const ura = await createUra(t.server, t.admin, to("queue", queueId), { name: "Untouched" });
    const attendant = await t.server.createUser();
    await expectRefused(t.server, calls(), attendant.token, 403, "ERR_NO_PERMISSION");
    const shown = await t.server.request({ method: "GET", url: `/api/uras/${ura.id}`, token: t.admin });
    expect(shown.json()).toMatchObject({ name: "Untouched", uraItems: [{ selector: "1" }] });
  });

  it("answer ERR_NO_URA_FOUND for a missing id on read, update and delete", async () => {
    const url = "/api/uras/999999";
    const calls = [
      { method: "GET", url },
      { method: "PUT", url, payload: { ...form([row("1")]), action: "update" } },
      { method: "DELETE", url },
    ] as const;
    await expectRefused(t.server, calls, t.admin, 404, "ERR_NO_URA_FOUND");
  });
});

describe("POST /api/uras", () => {
  it("creates a menu with its options in the order given, the destination as §3 shows it", async () => {
    const response = await post({ ...form([row("2", "Billing"), row("1", "Sales"), row("#", "Close")], "Front desk"), directDial: true });
    expect(response.statusCode).toBe(201);
    const ura = response.json() as Ura;
    expect(ura).toMatchObject({ name: "Front desk", description: "How can we help?", directDial: true });
    expect(ura.uraItems.map((item) => [item.selector, item.menuName])).toEqual([
      ["2", "Billing"],
      ["1", "Sales"],
      ["#", "Close"],
    ]);
    expect(ura.uraItems[0]).toEqual({
      id: expect.any(Number),
      uraId: ura.id,
      selector: "2",
      menuName: "Billing",
      destination: { destinationType: "queue", destinationTypeId: queueId },
    });
    const shown = (await t.server.request({ method: "GET", url: `/api/uras/${ura.id}`, token: t.admin })).json();
    expect(shown).toEqual(ura);
  });

  it("accepts the form's values: ids as text, the destination nested, directDial off by default", async () => {
    const nested = { selector: "9", menuName: "Nested", destination: { destinationType: "queue", destinationTypeId: String(queueId) } };
    const response = await post({ name: "Form values", description: "Text", uraItems: [nested] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ directDial: false, uraItems: [{ selector: "9", destination: { destinationTypeId: queueId } }] });
  });

  it("requires name, description and at least one complete option; selectors of at most 2 characters", async () => {
    const invalid = [
      { description: "x", uraItems: [row("1")] },
      { name: "No description", uraItems: [row("1")] },
      { name: "No rows", description: "x" },
      form([]),
      form([row("123")]),
      form([row("")]),
      form([row("  ")]),
      form([{ selector: "1", destinationType: "queue", destinationTypeId: queueId }]),
      form([{ selector: "1", menuName: "No destination" }]),
      form([{ ...row("1"), destinationType: "nowhere" }]),
      form([{ ...row("1"), destinationTypeId: "02" }]),
      form(Array.from({ length: limits.uraItemsMax + 1 }, (_, i) => row(String(i)))),
    ];
    for (const payload of invalid) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json().error).toBe("ERR_MISSING_VALUES");
    }
    expect((await post(form([row("12")], "Two characters"))).statusCode).toBe(201);
  });

  it("refuses selectors repeated in one menu, regardless of case, creating nothing", async () => {
    const before = (await t.server.request({ method: "GET", url: "/api/uras", token: t.admin })).json() as Ura[];
    for (const selectors of [["1", "1"], ["a", "A"], [" b", "B "]]) {
      const response = await post(form(selectors.map((s) => row(s)), `Duplicates ${selectors.join("")}`));
      expect(response.statusCode, selectors.join()).toBe(409);
      expect(response.json().error).toBe("ERR_DUPLICATED_URAITEM_SELECTOR");
    }
    expect((await t.server.request({ method: "GET", url: "/api/uras", token: t.admin })).json()).toHaveLength(before.length);
  });

  it("lets two menus use the same selectors", async () => {
    await createUra(t.server, t.admin, to("queue", queueId), { uraItems: [row("1")] });
    expect((await post(form([row("1")], "Second menu"))).statusCode).toBe(201);
  });

  it("refuses options leading to missing destinations of every kind, creating nothing", async () => {
    for (const destinationType of ["users", "queue", "uras", "announcements", "monitorings"]) {
      const payload = form([row("1"), { ...row("2"), destinationType, destinationTypeId: 999_999 }], `Broken ${destinationType}`);
      const response = await post(payload);
      expect(response.statusCode, destinationType).toBe(404);
      expect(response.json().error).toBe("ERR_NO_DESTINATION_FOUND");
    }
    const names = ((await t.server.request({ method: "GET", url: "/api/uras", token: t.admin })).json() as Ura[]).map((u) => u.name);
    expect(names.filter((name) => name.startsWith("Broken"))).toEqual([]);
  });

  it("refuses a removed user as a destination, accepts an active one and another menu", async () => {
    const gone = await t.server.createUser();
    await t.server.request({ method: "DELETE", url: `/api/users/${gone.id}`, token: t.admin });
    const refused = await post(form([{ ...row("1"), destinationType: "users", destinationTypeId: gone.id }], "To a removed user"));
    expect(refused.json().error).toBe("ERR_NO_DESTINATION_FOUND");
    const active = await t.server.createUser();
    const sub = await createUra(t.server, t.admin, to("users", active.id), { name: "Sub-menu" });
    const main = await post(form([row("1"), { ...row("2"), destinationType: "uras", destinationTypeId: sub.id }], "With a sub-menu"));
    expect(main.statusCode).toBe(201);
  });
});

describe("GET /api/uras", () => {
  it("lists menus by name, each with its options", async () => {
    const all = (await t.server.request({ method: "GET", url: "/api/uras", token: t.admin })).json() as Ura[];
    const names = all.map((ura) => ura.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(all.every((ura) => ura.uraItems.length > 0 && ura.uraItems.every((item) => item.uraId === ura.id))).toBe(true);
  });
});
