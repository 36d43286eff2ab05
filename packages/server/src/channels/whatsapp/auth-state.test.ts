import { addTransactionCapability, initAuthCreds, WAProto, type KeyPair } from "baileys";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { connections, whatsappAuthCreds, whatsappAuthKeys } from "../../db/schema/connections.js";
import { openTestDatabase } from "../../test/test-database.js";
import { clearAuthState, loadAuthState } from "./auth-state.js";
import { silentLogger } from "./support.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function newConnection(): Promise<number> {
  const [row] = await database.db.insert(connections).values({ name: "WhatsApp" }).returning({ id: connections.id });
  return row!.id;
}

const countKeys = async (connectionId: number) =>
  (await database.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, connectionId))).length;

const keyPair = (seed: number): KeyPair => ({ public: Buffer.alloc(32, seed), private: Buffer.alloc(32, seed + 1) });

describe("database auth state", () => {
  it("starts with fresh credentials and reads saved ones back after a restart, Buffers intact", async () => {
    const id = await newConnection();
    const first = await loadAuthState(database.db, id);
    expect(first.state.creds.registered).toBe(false);
    expect(await database.db.select().from(whatsappAuthCreds).where(eq(whatsappAuthCreds.connectionId, id))).toEqual([]);

    // What pairing does to the creds before Baileys emits creds.update.
    Object.assign(first.state.creds, { registered: true, me: { id: "5511999990000:7@s.whatsapp.net", name: "Shop" }, routingInfo: Buffer.from("route") });
    await first.saveCreds();

    const restarted = await loadAuthState(database.db, id);
    expect(restarted.state.creds).toEqual(first.state.creds);
    expect(Buffer.isBuffer(restarted.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.isBuffer(restarted.state.creds.signedPreKey.signature)).toBe(true);
    expect(Buffer.compare(restarted.state.creds.signedIdentityKey.public, first.state.creds.signedIdentityKey.public)).toBe(0);
    expect(restarted.state.creds.me?.id).toBe("5511999990000:7@s.whatsapp.net");
  });

  it("serialises credential writes so the last save wins", async () => {
    const id = await newConnection();
    const auth = await loadAuthState(database.db, id);
    const saves: Promise<void>[] = [];
    for (let n = 1; n <= 5; n++) {
      auth.state.creds.nextPreKeyId = n;
      saves.push(auth.saveCreds());
    }
    await Promise.all(saves);
    expect((await loadAuthState(database.db, id)).state.creds.nextPreKeyId).toBe(5);
  });

  it("stores signal keys one row each: get, overwrite, delete with null, survive a restart", async () => {
    const id = await newConnection();
    const auth = await loadAuthState(database.db, id);
    const syncKey = WAProto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from("sync-key"), timestamp: 1700000000 });
    await auth.state.keys.set({
      "pre-key": { "1": keyPair(1), "2": keyPair(3) },
      session: { "5511988887777.0": Buffer.from("session-bytes") },
      "sender-key-memory": { "1203@g.us": { "5511988887777:0@s.whatsapp.net": true } },
      "app-state-sync-key": { AAAA: syncKey },
    });
    expect(await countKeys(id)).toBe(5);

    await auth.state.keys.set({ "pre-key": { "1": null, "2": keyPair(9) } });
    expect(await countKeys(id)).toBe(4);

    const restarted = await loadAuthState(database.db, id);
    const preKeys = await restarted.state.keys.get("pre-key", ["1", "2", "404"]);
    expect(Object.keys(preKeys)).toEqual(["2"]);
    expect(preKeys["2"]).toEqual(keyPair(9));
    expect(Buffer.isBuffer(preKeys["2"]!.private)).toBe(true);
    expect(await restarted.state.keys.get("session", ["5511988887777.0"])).toEqual({ "5511988887777.0": Buffer.from("session-bytes") });
    expect(await restarted.state.keys.get("sender-key-memory", ["1203@g.us"])).toEqual({ "1203@g.us": { "5511988887777:0@s.whatsapp.net": true } });
    const [sync] = Object.values(await restarted.state.keys.get("app-state-sync-key", ["AAAA"]));
    expect(sync).toBeInstanceOf(WAProto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync!.keyData!).toString()).toBe("sync-key");
  });

  it("handles large batches (Baileys uploads pre-keys by the hundred)", async () => {
    const id = await newConnection();
    const auth = await loadAuthState(database.db, id);
    const ids = Array.from({ length: 1203 }, (_, n) => String(n + 1));
    await auth.state.keys.set({ "pre-key": Object.fromEntries(ids.map((n) => [n, keyPair(Number(n) % 200)])) });
    expect(await countKeys(id)).toBe(1203);
    expect(Object.keys(await auth.state.keys.get("pre-key", ids))).toHaveLength(1203);
    await auth.state.keys.set({ "pre-key": Object.fromEntries(ids.map((n) => [n, null])) });
    expect(await countKeys(id)).toBe(0);
  });

  it("works under Baileys' own transaction wrapper, as the socket uses it", async () => {
    const id = await newConnection();
    const auth = await loadAuthState(database.db, id);
    const keys = addTransactionCapability(auth.state.keys, silentLogger, { maxCommitRetries: 1, delayBetweenTriesMs: 1 });
    await keys.transaction(async () => {
      await keys.set({ session: { a: Buffer.from("A") } });
      await keys.set({ session: { b: Buffer.from("B") } });
      expect(await countKeys(id)).toBe(0); // nothing written before the commit
    });
    expect(await (await loadAuthState(database.db, id)).state.keys.get("session", ["a", "b"])).toEqual({ a: Buffer.from("A"), b: Buffer.from("B") });
  });

  it("clears one connection's session (logout) and leaves the others", async () => {
    const [gone, kept] = [await newConnection(), await newConnection()];
    for (const id of [gone, kept]) {
      const auth = await loadAuthState(database.db, id);
      await auth.saveCreds();
      await auth.state.keys.set({ session: { s: Buffer.from("x") } });
    }
    await clearAuthState(database.db, gone);
    expect(await countKeys(gone)).toBe(0);
    expect(await countKeys(kept)).toBe(1);
    const fresh = await loadAuthState(database.db, gone);
    expect(fresh.state.creds.registered).toBe(false);
    expect(fresh.state.creds.noiseKey).not.toEqual((await loadAuthState(database.db, kept)).state.creds.noiseKey);
    expect(initAuthCreds().noiseKey).not.toEqual(fresh.state.creds.noiseKey);
  });
});
