import type { Campaign, CampaignAction, CampaignStatus, RecipientCounts, RecipientStatus } from "@atendo/contracts";

/** Every status a recipient ends in: all but `queued`. */
export const finishedRecipientStatuses = ["sent", "delivered", "read", "replied", "failed", "optedOut"] as const satisfies readonly RecipientStatus[];

/** How many recipients are done (their message written, failed, or they opted out) of `total`. */
export function doneCount(counts: RecipientCounts): number {
  return finishedRecipientStatuses.reduce((sum, status) => sum + counts[status], 0);
}

/** The share done, 0–100, whole; 0 for an empty audience. */
export function progressPercent({ counts, total }: Pick<Campaign, "counts" | "total">): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((doneCount(counts) * 100) / total));
}

/** What may be done to a campaign in each status (the contract's life cycle). */
const actionsByStatus: Record<CampaignStatus, readonly CampaignAction[]> = {
  draft: ["start"],
  scheduled: ["cancel"],
  running: ["pause", "cancel"],
  paused: ["resume", "cancel"],
  completed: [],
  cancelled: [],
};

export function campaignActionsOf(status: CampaignStatus): readonly CampaignAction[] {
  return actionsByStatus[status];
}

/** Drafts and scheduled campaigns may still change (PUT /campaigns/:id). */
export function isEditable(status: CampaignStatus): boolean {
  return status === "draft" || status === "scheduled";
}

/** A campaign that is not sending (nor paused halfway) may be deleted. */
export function isDeletable(status: CampaignStatus): boolean {
  return status !== "running" && status !== "paused";
}

/** Actions that ask first: starting sends to real people, cancelling cannot be undone. */
export function asksFirst(action: CampaignAction): boolean {
  return action === "start" || action === "cancel";
}
