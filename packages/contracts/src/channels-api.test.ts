import { describe, expect, it } from "vitest";
import { channelAckBody, channelInboundBody } from "./channels-api.js";
import { createConnectionBody, updateConnectionBody } from "./connections.js";
import { sendMessageBody } from "./messages.js";

describe("API channel bodies", () => {
  it("normalise the customer's number and require a text or a file", () => {
    const parsed = channelInboundBody.parse({ externalId: "x1", from: { number: "+55 (11) 98765-4321" }, body: "hi", timestamp: 1_700_000_000_000 });
    expect(parsed.from.number).toBe("5511987654321");
    expect(parsed.timestamp).toEqual(new Date(1_700_000_000_000));
    expect(channelInboundBody.safeParse({ externalId: "x1", from: { number: "5511987654321" }, body: " " }).success).toBe(false);
    const withFile = { externalId: "x1", from: { number: "5511987654321" }, media: { data: "aGVsbG8=", mimeType: "text/plain" } };
    expect(channelInboundBody.safeParse(withFile).success).toBe(true);
  });

  it("take acks of the spec's values, naming the message one way only", () => {
    expect(channelAckBody.safeParse({ externalId: "a", ack: 3 }).success).toBe(true);
    expect(channelAckBody.safeParse({ messageId: 4, ack: 5 }).success).toBe(true);
    expect(channelAckBody.safeParse({ externalId: "a", ack: 2 }).success).toBe(false);
    expect(channelAckBody.safeParse({ externalId: "a", messageId: 4, ack: 3 }).success).toBe(false);
    expect(channelAckBody.safeParse({ ack: 3 }).success).toBe(false);
  });
});

describe("connection bodies", () => {
  const base = { name: "Main line", destinationType: "queue", destinationItem: "3" };

  it("default to a WhatsApp connection and turn empty optional texts into none", () => {
    expect(createConnectionBody.parse({ ...base, label: "", webhookUrl: "" })).toMatchObject({
      kind: "whatsapp",
      label: null,
      webhookUrl: null,
      destinationItem: 3,
      isDefault: false,
    });
  });

  it("accept only http(s) webhooks and a destination type with its item", () => {
    expect(createConnectionBody.safeParse({ ...base, webhookUrl: "ftp://example.com" }).success).toBe(false);
    expect(createConnectionBody.safeParse({ ...base, webhookUrl: "https://example.com/hook" }).success).toBe(true);
    expect(updateConnectionBody.safeParse({ destinationType: "users" }).success).toBe(false);
    expect(updateConnectionBody.safeParse({ destinationType: "users", destinationItem: 2 }).success).toBe(true);
  });
});

describe("outgoing messages", () => {
  it("refuse a blank text and read only the quoted message's id", () => {
    expect(sendMessageBody.safeParse({ body: "   " }).success).toBe(false);
    expect(sendMessageBody.parse({ body: " ok ", quotedMsg: { id: 9, body: "ignored" } })).toEqual({ body: "ok", quotedMsg: { id: 9 } });
  });
});
