import { campaignStatuses, recipientStatuses, type RecipientCounts } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { asksFirst, campaignActionsOf, doneCount, isDeletable, isEditable, progressPercent } from "./campaign-progress";

const counts = (given: Partial<RecipientCounts>): RecipientCounts => ({ ...Object.fromEntries(recipientStatuses.map((status) => [status, 0])), ...given }) as RecipientCounts;

describe("a campaign's progress", () => {
  it("counts every recipient that is done: sent, delivered, read, replied, failed and opted out, not queued", () => {
    expect(doneCount(counts({ queued: 7, sent: 1, delivered: 2, read: 3, replied: 4, failed: 5, optedOut: 6 }))).toBe(21);
  });

  it("is the share done, whole, 0 for an empty audience and never past 100", () => {
    expect(progressPercent({ total: 50, counts: counts({ queued: 25, sent: 24, optedOut: 1 }) })).toBe(50);
    expect(progressPercent({ total: 3, counts: counts({ sent: 2 }) })).toBe(66);
    expect(progressPercent({ total: 0, counts: counts({}) })).toBe(0);
    expect(progressPercent({ total: 2, counts: counts({ sent: 3 }) })).toBe(100);
  });
});

describe("what may be done to a campaign", () => {
  it("follows the life cycle: a draft starts, a sending one pauses, a paused one resumes, both cancel; an ended one nothing", () => {
    expect(campaignActionsOf("draft")).toEqual(["start"]);
    expect(campaignActionsOf("scheduled")).toEqual(["cancel"]);
    expect(campaignActionsOf("running")).toEqual(["pause", "cancel"]);
    expect(campaignActionsOf("paused")).toEqual(["resume", "cancel"]);
    expect(campaignActionsOf("completed")).toEqual([]);
    expect(campaignActionsOf("cancelled")).toEqual([]);
  });

  it("edits drafts and scheduled ones only, and deletes none that is sending or paused halfway", () => {
    expect(campaignStatuses.filter(isEditable)).toEqual(["draft", "scheduled"]);
    expect(campaignStatuses.filter(isDeletable)).toEqual(["draft", "scheduled", "completed", "cancelled"]);
  });

  it("asks before starting and cancelling only", () => {
    expect((["start", "pause", "resume", "cancel"] as const).filter(asksFirst)).toEqual(["start", "cancel"]);
  });
});
