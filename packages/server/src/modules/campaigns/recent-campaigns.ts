import { and, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import { AppSlot } from "../../core/app-slots.js";
import type { Db } from "../../db/client.js";
import { campaigns } from "../../db/schema/index.js";
import { CAMPAIGN_REPLY_DAYS } from "./campaign-reply.js";

/** How long the list is trusted before it is read again (another instance's new campaign is heard within it). */
const TTL_MS = 30_000;

/**
 * The connections whose campaigns may be awaiting a customer's answer: sending, paused, or begun
 * or finished within the reply window. The inbound pipeline and the reply listener look for a
 * campaign only on these, so an install without recent campaigns pays nothing per message: one
 * read every 30 s per instance, shared by the messages that arrive meanwhile. A campaign begun
 * here drops the list at once.
 */
export class RecentCampaigns {
  private loaded: { at: number; ids: Promise<Set<number>> } | null = null;

  constructor(private readonly db: Db) {}

  connections(now = Date.now()): Promise<Set<number>> {
    if (!this.loaded || now - this.loaded.at > TTL_MS) {
      const since = new Date(now - CAMPAIGN_REPLY_DAYS * 86_400_000);
      const ids = this.db
        .selectDistinct({ id: campaigns.connectionId })
        .from(campaigns)
        .where(
          and(
            isNotNull(campaigns.startedAt),
            or(inArray(campaigns.status, ["running", "paused"]), gt(sql`coalesce(${campaigns.finishedAt}, ${campaigns.startedAt})`, since)),
          ),
        )
        .then((rows) => new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id]))));
      const entry = { at: now, ids };
      // A failed read is tried again by the next message.
      ids.catch(() => {
        if (this.loaded === entry) this.loaded = null;
      });
      this.loaded = entry;
    }
    return this.loaded.ids;
  }

  /** A campaign began on this instance: read the list again on the next message. */
  forget(): void {
    this.loaded = null;
  }
}

export const recentCampaignsSlot = new AppSlot<RecentCampaigns>("recentCampaigns");
