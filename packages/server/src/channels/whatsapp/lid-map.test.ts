import type { WAMessageKey } from "baileys";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { connections, whatsappLidMap } from "../../db/schema/connections.js";
import { openTestDatabase } from "../../test/test-database.js";
import { createLidMap, jidNumber } from "./lid-map.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function newConnection(): Promise<number> {
  const [row] = await database.db.insert(connections).values({ name: "WhatsApp" }).returning({ id: connections.id });
  return row!.id;
}

describe("LID map", () => {
  it("reads phone digits out of JIDs, dropping the device part", () => {
    expect(jidNumber("5511988887777:12@s.whatsapp.net")).toBe("5511988887777");
    expect(jidNumber("120363025246125486@g.us")).toBe("120363025246125486");
    expect(jidNumber(undefined)).toBe("");
  });

  it("maps a LID to the phone from contacts and a shared number, in either order, and survives a restart", async () => {
    const id = await newConnection();
    const map = createLidMap(database.db, id);
    expect(await map.numberOf("987654321012345@lid")).toBe("987654321012345"); // unknown: its own digits
    await map.learnFromContacts([{ id: "5511988887777@s.whatsapp.net", lid: "987654321012345@lid" }, { id: "5511900000000@s.whatsapp.net" }]);
    await map.remember("5511977776666@s.whatsapp.net", "111222333444555:3@lid");
    await map.remember("111222333444555@lid", "5511977776666@s.whatsapp.net"); // repeat: no-op
    await map.remember("x@g.us", "y@lid"); // not a pairing

    const restarted = createLidMap(database.db, id);
    expect(await restarted.numberOf("987654321012345:4@lid")).toBe("5511988887777");
    expect(await restarted.numberOf("111222333444555@lid")).toBe("5511977776666");
    expect(await restarted.numberOf("5511988887777@s.whatsapp.net")).toBe("5511988887777");
    expect(await restarted.phoneOf("999@lid")).toBeUndefined();
  });

  it("updates a LID whose phone changed and keeps connections apart", async () => {
    const [a, b] = [await newConnection(), await newConnection()];
    await createLidMap(database.db, a).remember("555@lid", "5511911111111@s.whatsapp.net");
    await createLidMap(database.db, a).remember("555@lid", "5511922222222@s.whatsapp.net");
    expect(await createLidMap(database.db, a).phoneOf("555@lid")).toBe("5511922222222");
    expect(await createLidMap(database.db, b).phoneOf("555@lid")).toBeUndefined();
    expect((await database.db.select().from(whatsappLidMap)).filter((row) => row.lid === "555@lid")).toHaveLength(1);
  });

  it("learns from the alternate-identity fields later Baileys versions put on keys", async () => {
    const id = await newConnection();
    const map = createLidMap(database.db, id);
    const key = { remoteJid: "444@lid", id: "M1", senderPn: "5511933333333@s.whatsapp.net" } as WAMessageKey;
    await map.learnFromKey(key);
    await map.learnFromKey({ remoteJid: "1203@g.us", participant: "777@lid", participantAlt: "5511944444444@s.whatsapp.net" } as WAMessageKey);
    expect(await map.numberOf("444@lid")).toBe("5511933333333");
    expect(await map.numberOf("777@lid")).toBe("5511944444444");
  });
});
