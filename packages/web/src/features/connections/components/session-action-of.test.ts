import { describe, expect, it } from "vitest";
import { sessionActionOf } from "./session-action-of";

describe("sessionActionOf", () => {
  it.each([
    ["qrcode", "qr"],
    ["CONNECTED", "disconnect"],
    ["PAIRING", "disconnect"],
    ["TIMEOUT", "disconnect"],
    ["OPENING", "wait"],
    ["DISCONNECTING", "wait"],
  ] as const)("a WhatsApp connection in %s shows %s", (status, action) => {
    expect(sessionActionOf({ kind: "whatsapp", status, statusDetail: "" })).toBe(action);
  });

  it("offers the simulator for a running API connection, and waits or disconnects otherwise", () => {
    expect(sessionActionOf({ kind: "api", status: "CONNECTED", statusDetail: "" })).toBe("simulator");
    expect(sessionActionOf({ kind: "api", status: "OPENING", statusDetail: "" })).toBe("wait");
    expect(sessionActionOf({ kind: "api", status: "TIMEOUT", statusDetail: "" })).toBe("disconnect");
  });

  it("offers to try again, not to disconnect, when WhatsApp could not be reached", () => {
    expect(sessionActionOf({ kind: "whatsapp", status: "TIMEOUT", statusDetail: "getaddrinfo ENOTFOUND web.whatsapp.com" })).toBe("retry");
  });
});
