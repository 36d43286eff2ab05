import type { CampaignAction, CampaignStatus } from "@atendo/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { AppError } from "../../core/app-error.js";
import { campaigns } from "../../db/schema/index.js";
import { insertRecipients } from "./campaign-audience.js";
import type { CampaignRow } from "./campaign.presenter.js";

/** From which states each action may go (campaigns.ts: draft → scheduled → running ⇄ paused → completed; cancelled before completed). */
export const actionFrom: Record<CampaignAction, readonly CampaignStatus[]> = {
  start: ["draft"],
  pause: ["running"],
  resume: ["paused"],
  cancel: ["draft", "scheduled", "running", "paused"],
};

/** What may still be edited or deleted: a campaign that has not sent (or has finished). */
export const editableStates: readonly CampaignStatus[] = ["draft", "scheduled"];
export const deletableStates: readonly CampaignStatus[] = ["draft", "scheduled", "completed", "cancelled"];

/**
 * Moves a campaign from one of `from` to `to`, in one UPDATE so that two admins (or an admin and
 * the runner) cannot both move it: the loser finds it in another state (409 ERR_CAMPAIGN_STATE).
 */
export async function moveCampaign(db: Db, id: number, from: readonly CampaignStatus[], values: Partial<CampaignRow> & { status: CampaignStatus }): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, [...from])))
    .returning();
  if (row) return row;
  const [exists] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).limit(1);
  throw new AppError(exists ? "ERR_CAMPAIGN_STATE" : "ERR_NO_CAMPAIGN_FOUND");
}

/**
 * The campaign begins sending: its audience is resolved now (so a scheduled one meets the
 * contacts as they are when it starts, opted-out ones left out) into queued recipients, in the
 * transaction that makes it running. Returns how many; none leaves the transaction to the caller.
 */
export async function beginSending(tx: Db, row: CampaignRow, from: readonly CampaignStatus[], now: Date): Promise<{ row: CampaignRow; recipients: number }> {
  const running = await moveCampaign(tx, row.id, from, { status: "running", startedAt: now });
  const recipients = await insertRecipients(tx, row.id, row.audience);
  return { row: running, recipients };
}
