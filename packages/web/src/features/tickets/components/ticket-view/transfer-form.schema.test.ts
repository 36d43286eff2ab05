import { describe, expect, it } from "vitest";
import { transferBody, transferFormSchema } from "./transfer-form.schema";

const base = { user: null, queueId: null, whatsappId: null, currentWhatsappId: 1 };
const ana = { id: 4, name: "Ana" };

describe("transfer form", () => {
  it("needs a user, a queue or another connection", () => {
    expect(transferFormSchema.safeParse(base).success).toBe(false);
    expect(transferFormSchema.safeParse({ ...base, whatsappId: 1 }).success).toBe(false);
    expect(transferFormSchema.safeParse({ ...base, user: ana }).success).toBe(true);
    expect(transferFormSchema.safeParse({ ...base, queueId: 3 }).success).toBe(true);
    expect(transferFormSchema.safeParse({ ...base, whatsappId: 2 }).success).toBe(true);
  });

  it("sends transferOwner for a user, with the queue when one is picked", () => {
    expect(transferBody({ ...base, user: ana })).toEqual({ userId: 4, action: "transferOwner" });
    expect(transferBody({ ...base, user: ana, queueId: 3 })).toEqual({ userId: 4, queueId: 3, action: "transferOwner" });
  });

  it("sends the ticket back to pending in the queue when only a queue is picked", () => {
    expect(transferBody({ ...base, queueId: 3 })).toEqual({ queueId: 3, userId: null, status: "pending", action: "updateQueue" });
  });

  it("moves the connection in the same body, and only when it changes", () => {
    expect(transferBody({ ...base, whatsappId: 2 })).toEqual({ whatsappId: 2, action: "transferConnection" });
    expect(transferBody({ ...base, whatsappId: 2, queueId: 3 })).toEqual({ whatsappId: 2, queueId: 3, userId: null, status: "pending", action: "updateQueue" });
    expect(transferBody({ ...base, whatsappId: 2, user: ana })).toEqual({ whatsappId: 2, userId: 4, action: "transferOwner" });
    expect(transferBody({ ...base, whatsappId: 1, user: ana })).toEqual({ userId: 4, action: "transferOwner" });
  });
});
