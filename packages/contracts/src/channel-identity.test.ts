import { describe, expect, it } from "vitest";
import { channelIdentity, identityOf } from "./channel-identity.js";

describe("channel identities (docs/decisions/0088)", () => {
  it("round-trips a Telegram chat id and a visitor id", () => {
    expect(channelIdentity("telegram", 123456789)).toBe("90000000123456789");
    expect(identityOf(channelIdentity("telegram", 123456789))).toEqual({ channel: "telegram", id: "123456789" });
    expect(identityOf(channelIdentity("webchat", "42"))).toEqual({ channel: "webchat", id: "42" });
  });

  it("never reads a phone number or a WhatsApp group id as one", () => {
    expect(identityOf("5511987654321")).toBeNull();
    expect(identityOf("901234567890123")).toBeNull();
    expect(identityOf("120363041234567890")).toBeNull();
  });

  it("refuses what is not a channel id", () => {
    expect(() => channelIdentity("telegram", "12a")).toThrow();
    expect(() => channelIdentity("webchat", "1234567890123456")).toThrow();
  });
});
