import { DisconnectReason } from "baileys";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { whatsappAuthCreds, whatsappAuthKeys } from "../../db/schema/connections.js";
import { openTestDatabase } from "../../test/test-database.js";
import type { SessionUpdate } from "../channel-driver.js";
import { driverHarness, pair, Recorder, waMessage } from "../../test/fake-baileys.js";
import { isWhatsappDriver } from "./index.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const credsRow = async (connectionId: number) =>
  (await database.db.select().from(whatsappAuthCreds).where(eq(whatsappAuthCreds.connectionId, connectionId)))[0];
const keyRows = async (connectionId: number) =>
  database.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, connectionId));

describe("WhatsApp driver: pairing and statuses", () => {
  it("goes OPENING → qrcode with counted retries → CONNECTED with the number, on a quiet socket config", async () => {
    const h = await driverHarness(database.db);
    await h.driver.start();
    const socket = await h.socket(1);
    expect(socket.config).toMatchObject({ printQRInTerminal: false, syncFullHistory: false, markOnlineOnConnect: false, emitOwnEvents: false });
    expect(socket.config.auth.creds.registered).toBe(false);
    expect(typeof socket.config.getMessage).toBe("function");

    socket.qr("QR-A");
    socket.qr("QR-B");
    expect(await h.events.session("qrcode", 2)).toEqual({ status: "qrcode", qrcode: "QR-B", retries: 1 });
    pair(socket);
    const second = await h.socket(2);
    expect(h.attempts).toEqual([]); // a restart after pairing does not wait
    expect(second.config.auth.creds.registered).toBe(true);
    second.open();
    expect(await h.events.session("CONNECTED")).toEqual({ status: "CONNECTED", number: "5511999990000", qrcode: "", retries: 0 });
    expect(h.events.statuses()).toEqual(["OPENING", "qrcode", "qrcode", "CONNECTED"]);
    expect(JSON.parse((await credsRow(h.connectionId))!.creds).me.id).toBe("5511999990000:7@s.whatsapp.net");
    await h.driver.stop();
  });

  it("reports TIMEOUT and stops after the maximum of QR refreshes nobody scans", async () => {
    const h = await driverHarness(database.db, { maxQrRefreshes: 2 });
    await h.driver.start();
    const socket = await h.socket(1);
    for (const code of ["Q0", "Q1", "Q2", "Q3"]) socket.qr(code);
    expect(await h.events.session("TIMEOUT")).toEqual({ status: "TIMEOUT", qrcode: "", retries: 3 });
    expect(h.events.sessions.filter((s) => s.status === "qrcode").map((s) => s.retries)).toEqual([0, 1, 2]);
    expect(socket.closed).toBe(true);
    expect(h.sockets).toHaveLength(1);
    expect(h.attempts).toEqual([]);
  });

  it("reports TIMEOUT when Baileys itself runs out of QR references", async () => {
    const h = await driverHarness(database.db);
    await h.driver.start();
    const socket = await h.socket(1);
    socket.qr("Q0");
    socket.drop(DisconnectReason.timedOut);
    expect(await h.events.session("TIMEOUT")).toMatchObject({ retries: 1 });
    expect(h.sockets).toHaveLength(1);
    // Someone starts it again later: a new socket and new QRs.
    await h.driver.start();
    (await h.socket(2)).qr("Q-again");
    expect(await h.events.session("qrcode", 2)).toMatchObject({ qrcode: "Q-again", retries: 0 });
    await h.driver.stop();
  });

  it("pairs by phone number: PAIRING, the code returned, refreshing QRs no longer shown", async () => {
    const h = await driverHarness(database.db);
    await h.driver.start();
    const socket = await h.socket(1);
    expect(isWhatsappDriver(h.driver)).toBe(true);
    expect(await h.driver.requestPairingCode("+55 (11) 99999-0000")).toBe("ABCD1234");
    expect(socket.pairingCodeFor).toBe("5511999990000");
    expect(await h.events.session("PAIRING")).toEqual({ status: "PAIRING", qrcode: "", retries: 0 });
    socket.qr("hidden");
    pair(socket);
    (await h.socket(2)).open();
    await h.events.session("CONNECTED");
    expect(h.events.statuses()).toEqual(["OPENING", "PAIRING", "CONNECTED"]);
    await h.driver.stop();
  });
});

describe("WhatsApp driver: drops, restarts and logout", () => {
  it("reconnects after a drop with backoff on the stored session (no new QR) and gets the missed messages", async () => {
    const h = await driverHarness(database.db);
    await h.driver.start();
    const first = await h.socket(1);
    first.qr("Q0");
    pair(first);
    const second = await h.socket(2);
    second.open();
    await h.events.session("CONNECTED");
    await second.config.auth.keys.set({ session: { "5511988887777.0": Buffer.from("signal") } });

    second.drop(DisconnectReason.connectionLost);
    const third = await h.socket(3);
    expect(h.attempts).toEqual([1]);
    expect(third.config.auth.creds.noiseKey).toEqual(first.config.auth.creds.noiseKey);
    expect(await third.config.auth.keys.get("session", ["5511988887777.0"])).toEqual({ "5511988887777.0": Buffer.from("signal") });
    third.open();
    await h.events.session("CONNECTED", 2);
    // What arrived while offline comes as "append".
    third.emit("messages.upsert", { type: "append", messages: [waMessage("MISSED1", { conversation: "are you there?" })] });
    expect((await h.events.message("MISSED1")).body).toBe("are you there?");
    expect(h.events.statuses()).toEqual(["OPENING", "qrcode", "CONNECTED", "OPENING", "CONNECTED"]);
    await h.driver.stop();
  });

  it("stop() ends the socket without logging out; start() resumes the same session", async () => {
    const h = await driverHarness(database.db);
    await h.driver.start();
    const first = await h.socket(1);
    pair(first);
    (await h.socket(2)).open();
    await h.events.session("CONNECTED");
    await h.driver.stop();
    expect(h.sockets[1]!.closed).toBe(true);
    expect(h.sockets[1]!.loggedOut).toBe(false);
    expect(h.attempts).toEqual([]); // our own close is not a drop
    expect(await credsRow(h.connectionId)).toBeDefined();
    await h.driver.start();
    const resumed = await h.socket(3);
    expect(resumed.config.auth.creds.registered).toBe(true);
    expect(resumed.config.auth.creds.noiseKey).toEqual(first.config.auth.creds.noiseKey);
    await h.driver.stop();
  });

  it("logout() unlinks the device, clears the stored session and reports DISCONNECTING then qrcode", async () => {
    const h = await driverHarness(database.db);
    await h.driver.start();
    pair(await h.socket(1));
    const socket = await h.socket(2);
    socket.open();
    await h.events.session("CONNECTED");
    await socket.config.auth.keys.set({ "pre-key": { "1": { public: Buffer.alloc(32), private: Buffer.alloc(32) } } });
    expect(await keyRows(h.connectionId)).toHaveLength(1);

    await h.driver.logout();
    expect(socket.loggedOut).toBe(true);
    expect(await credsRow(h.connectionId)).toBeUndefined();
    expect(await keyRows(h.connectionId)).toEqual([]);
    expect(h.events.sessions.slice(-2)).toEqual([{ status: "DISCONNECTING" }, { status: "qrcode", qrcode: "", retries: 0 }]);
    expect(h.sockets).toHaveLength(2);
    await expect(h.driver.send({ messageId: 1, to: { number: "5511988887777", isGroup: false }, body: "hi" })).rejects.toMatchObject({ code: "WPP_NOT_CONNECTED" });
  });

  it("when the phone unlinks the device (401), forgets the session and shows a fresh QR", async () => {
    const h = await driverHarness(database.db);
    await h.driver.start();
    const first = await h.socket(1);
    pair(first);
    const second = await h.socket(2);
    second.open();
    await h.events.session("CONNECTED");
    second.drop(DisconnectReason.loggedOut);
    const third = await h.socket(3);
    expect(third.config.auth.creds.registered).toBe(false);
    expect(third.config.auth.creds.noiseKey).not.toEqual(first.config.auth.creds.noiseKey);
    expect(await credsRow(h.connectionId)).toBeUndefined();
    third.qr("NEW-QR");
    expect(await h.events.session("qrcode")).toMatchObject({ qrcode: "NEW-QR", retries: 0 });
    expect(h.events.statuses()).toEqual(["OPENING", "CONNECTED", "OPENING", "qrcode"]);
    await h.driver.stop();
  });
});

describe("WhatsApp driver: refusals before pairing", () => {
  it("backs off instead of looping when WhatsApp refuses a session that was never paired", async () => {
    const h = await driverHarness(database.db);
    await h.driver.start();
    (await h.socket(1)).drop(DisconnectReason.loggedOut);
    (await h.socket(2)).drop(DisconnectReason.forbidden);
    await h.socket(3);
    expect(h.attempts).toEqual([1, 2]);
    expect(h.events.statuses()).toEqual(["OPENING", "OPENING", "OPENING"]);
    await h.driver.stop();
  });
});

describe("WhatsApp driver: failures stay inside", () => {
  it("retries with growing backoff while a socket cannot be created, and survives failing status reports", async () => {
    const h = await driverHarness(database.db, {}, {
      failingSockets: 2,
      recorder: (changes) =>
        new (class extends Recorder {
          override async onSession(update: SessionUpdate) {
            await super.onSession(update);
            if (update.status === "OPENING") throw new Error("database hiccup");
          }
        })(changes),
    });
    await h.driver.start();
    const socket = await h.socket(1);
    expect(h.attempts).toEqual([1, 2]);
    socket.qr("Q0");
    socket.open();
    await h.events.session("CONNECTED");
    await h.driver.stop();
  });
});
