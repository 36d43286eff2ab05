import type { Campaign } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { campaignBodyOf, campaignFormDefaults, campaignFormSchema, hasAudience } from "./campaign-form";

const zone = "America/Sao_Paulo";

const saved = {
  id: 4,
  name: "Black Friday",
  status: "draft",
  whatsapp: { id: 2, name: "API" },
  queue: { id: 3, name: "Sales" },
  audience: { tagIds: [1], contactIds: [9], search: "ana" },
  uploadedContacts: 0,
  body: "Hi {{firstName}}",
  mediaName: null,
  startAt: "2026-12-01T12:30:00.000Z",
  window: null,
} as unknown as Campaign;

describe("the campaign form", () => {
  it("starts empty for a new campaign, with no connection chosen", () => {
    const values = campaignFormDefaults(undefined, zone);
    expect(values).toMatchObject({ name: "", whatsappId: 0, queueId: null, audience: { tagIds: [], contactIds: [], search: "" }, startAt: "", window: null });
    expect(campaignFormSchema.safeParse(values).success).toBe(false);
  });

  it("shows a saved draft's start on the install's clock and sends it back as the same moment", () => {
    const values = campaignFormDefaults(saved, zone);
    expect(values.startAt).toBe("2026-12-01T09:30");
    const parsed = campaignFormSchema.parse(values);
    expect(campaignBodyOf(parsed, zone)).toEqual({
      name: "Black Friday",
      whatsappId: 2,
      queueId: 3,
      audience: { tagIds: [1], contactIds: [9], search: "ana" },
      body: "Hi {{firstName}}",
      startAt: "2026-12-01T12:30:00.000Z",
      window: null,
    });
  });

  it("sends no start time when none is given (it starts when started), and refuses one that is not a time", () => {
    const values = { ...campaignFormDefaults(saved, zone), startAt: "" };
    expect(campaignBodyOf(campaignFormSchema.parse(values), zone).startAt).toBeNull();
    expect(campaignFormSchema.safeParse({ ...values, startAt: "tomorrow" }).success).toBe(false);
  });

  it("knows whether labels, contacts or a search pick anyone", () => {
    expect(hasAudience({ tagIds: [], contactIds: [], search: "  " })).toBe(false);
    expect(hasAudience({ tagIds: [1], contactIds: [], search: "" })).toBe(true);
    expect(hasAudience({ tagIds: [], contactIds: [2], search: "" })).toBe(true);
    expect(hasAudience({ tagIds: [], contactIds: [], search: "ana" })).toBe(true);
  });
});
