import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { openTestDatabase } from "../../test/test-database.js";
import { boom, driverHarness, pair } from "../../test/fake-baileys.js";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// What Baileys reports when the WebSocket cannot even reach the server (DNS, no route, refused).
const offline = () => boom(408, "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)");
// A short bound instead of the default 45 s: the test waits for the status, not for time.
const openingTimeoutMs = 30;

describe("WhatsApp driver: WhatsApp cannot be reached", () => {
  it("leaves OPENING for TIMEOUT with the network error after the bound, and stops an unpaired session", async () => {
    const h = await driverHarness(database.db, { openingTimeoutMs });
    await h.driver.start();
    (await h.socket(1)).end(offline());

    const timeout = await h.events.session("TIMEOUT");
    expect(timeout).toEqual({ status: "TIMEOUT", qrcode: "", retries: 1, detail: "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)" });
    expect(h.events.statuses()).toEqual(["OPENING", "OPENING", "TIMEOUT"]);
    // No more attempts: whatever socket was in flight is ended, and nothing reconnects.
    const made = h.sockets.length;
    expect(h.sockets.every((socket) => socket.closed)).toBe(true);

    // "Try again" starts it afresh: OPENING, a new socket, and a QR once WhatsApp answers.
    await h.driver.start();
    (await h.socket(made + 1)).qr("Q-back");
    expect(await h.events.session("qrcode")).toMatchObject({ qrcode: "Q-back", retries: 0 });
    expect(h.events.statuses()).toEqual(["OPENING", "OPENING", "TIMEOUT", "OPENING", "qrcode"]);
    expect(h.sockets).toHaveLength(made + 1);
    await h.driver.stop();
  });

  it("gives up the same way when no socket can even be created", async () => {
    const h = await driverHarness(database.db, { openingTimeoutMs }, { failingSockets: Number.POSITIVE_INFINITY });
    await h.driver.start();
    expect(await h.events.session("TIMEOUT")).toMatchObject({ detail: "cannot create the socket" });
    const attempts = h.attempts.length;
    expect(attempts).toBeGreaterThan(0);
    expect(h.events.statuses()).toEqual(["OPENING", "TIMEOUT"]);
  });

  it("a paired session keeps retrying quietly after TIMEOUT and comes back CONNECTED with the network", async () => {
    const h = await driverHarness(database.db, { openingTimeoutMs });
    await h.driver.start();
    const first = await h.socket(1);
    first.qr("Q0");
    pair(first);
    (await h.socket(2)).open();
    await h.events.session("CONNECTED");

    (await h.socket(2)).end(offline());
    expect(await h.events.session("TIMEOUT")).toMatchObject({ detail: "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)" });
    // Still retrying on the stored session, without flipping back to OPENING on every drop.
    (await h.socket(3)).end(offline());
    const back = await h.socket(4);
    expect(back.config.auth.creds.registered).toBe(true);
    back.open();
    await h.events.session("CONNECTED", 2);
    expect(h.events.statuses()).toEqual(["OPENING", "qrcode", "CONNECTED", "OPENING", "TIMEOUT", "CONNECTED"]);
    await h.driver.stop();
  });
});
