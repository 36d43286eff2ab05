import { isOpenAt } from "@atendo/contracts";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { campaignRecipients, campaigns, contacts } from "../../db/schema/index.js";
import { presentCampaign, type CampaignRow } from "./campaign.presenter.js";
import { sendToGroup } from "./campaign-group-sender.js";
import { skipOptedOut, type LeasedRecipient } from "./campaign-sender.js";
import { beginSending, moveCampaign } from "./campaign-states.js";
import { customFieldsOf } from "./campaign-variables.js";
import { recentCampaignsSlot } from "./recent-campaigns.js";

export interface CampaignRunnerOptions {
  /** Between two looks when there is nothing to send; default 1 s (also how soon a scheduled one begins). */
  pollMs?: number;
  /** Recipients leased at once; default 100. */
  batch?: number;
  /** Groups being written and handed over at once; default 8 (a high pace needs a few in flight). */
  inFlight?: number;
  /** How long the runner lets slots come due before taking them together (one write for the group); default 100 ms. */
  groupMs?: number;
  /** Recipients written in one group at most; default 20. */
  groupMax?: number;
  /** How long a lease keeps other instances off a batch; default 60 s (a killed instance's batch waits that long). */
  leaseMs?: number;
  /** How often the campaign's state is read again while sending (pause, cancel); default 250 ms. */
  stateCheckMs?: number;
}

const defaults: Required<CampaignRunnerOptions> = { pollMs: 1000, batch: 100, inFlight: 8, groupMs: 100, groupMax: 20, leaseMs: 60_000, stateCheckMs: 250 };

/** Progress goes to the admins' screens at most this often per campaign (from each instance). */
const PROGRESS_MS = 1000;

/**
 * Sends running campaigns (docs/decisions/0085), on every instance at once: each leases a batch
 * of queued recipients (FOR UPDATE SKIP LOCKED, so two instances take different ones), takes a
 * slot of the connection's pace for each (`bulk`: replies go first), and writes the message with
 * the recipient's claim in the same transaction. A killed instance's lease runs out and another
 * takes the rest; what it had written is sent once by the recovery sweep. A campaign outside its
 * window waits; paused or cancelled, it stops within `stateCheckMs`; with no queued recipient left it completes.
 */
export class CampaignRunner {
  private readonly options: Required<CampaignRunnerOptions>;
  private active = false;
  private loop: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  private readonly announcedAt = new Map<number, number>();

  constructor(
    private readonly ctx: AppContext,
    options: CampaignRunnerOptions = {},
  ) {
    this.options = { ...defaults, ...options };
  }

  start(): void {
    if (this.active) return;
    this.active = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.active = false;
    this.wake?.();
    await this.loop;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async run(): Promise<void> {
    while (this.active) {
      let worked = false;
      try {
        worked = await this.round(new Date());
      } catch (error) {
        this.ctx.log.error({ err: error }, "campaign round failed");
      }
      if (!worked && this.active) await this.sleep(this.options.pollMs);
    }
  }

  /** One look at every campaign that may send; true when it sent (or tried) something. */
  async round(now: Date): Promise<boolean> {
    await this.beginScheduled(now);
    const running = await this.ctx.db.select().from(campaigns).where(eq(campaigns.status, "running")).orderBy(asc(campaigns.id));
    let worked = false;
    for (const campaign of running) {
      if (!this.active) break;
      if (campaign.connectionId === null) {
        await this.finish(campaign.id, "cancelled");
        continue;
      }
      if (!isOpenAt(campaign.window ?? null, this.ctx.config.TIME_ZONE, now)) continue;
      const batch = await this.lease(campaign.id);
      if (batch.length === 0) {
        await this.completeIfDone(campaign.id);
        continue;
      }
      worked = true;
      await this.sendBatch(campaign, campaign.connectionId, batch);
      await this.announce(campaign.id, false);
    }
    return worked;
  }

  /** Scheduled campaigns whose time came begin: audience resolved now (none left: completed at once). */
  private async beginScheduled(now: Date): Promise<void> {
    const due = await this.ctx.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.startAt, now)));
    for (const campaign of due) {
      const begun = await this.ctx.db
        .transaction(async (tx) => {
          const { recipients } = await beginSending(tx, campaign, ["scheduled"], now);
          if (recipients === 0) await moveCampaign(tx, campaign.id, ["running"], { status: "completed", finishedAt: now });
          return true;
        })
        // Another instance began it first.
        .catch(() => false);
      if (begun) {
        this.ctx.slots.get(recentCampaignsSlot).forget();
        await this.announce(campaign.id, true);
      }
    }
  }

  /** A batch of this campaign's queued recipients no live lease holds, leased to this instance. */
  private async lease(campaignId: number): Promise<LeasedRecipient[]> {
    const leased = await this.ctx.db.execute<{ id: number; contact_id: number }>(sql`
      update campaign_recipients r set lease_until = now() + make_interval(secs => ${this.options.leaseMs / 1000})
      where r.id in (
        select id from campaign_recipients
        where campaign_id = ${campaignId} and status = 'queued' and (lease_until is null or lease_until < now())
        order by id limit ${this.options.batch}
        for update skip locked)
      returning r.id, r.contact_id`);
    const rows = (Array.isArray(leased) ? leased : (leased as { rows: { id: number; contact_id: number }[] }).rows).sort((a, b) => a.id - b.id);
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.contact_id);
    const [people, fields] = await Promise.all([
      this.ctx.db
        .select({ id: contacts.id, name: contacts.name, number: contacts.number, optedOutAt: contacts.optedOutAt })
        .from(contacts)
        .where(inArray(contacts.id, ids)),
      customFieldsOf(this.ctx.db, ids),
    ]);
    const byId = new Map(people.map((person) => [person.id, person]));
    return rows.flatMap((row) => {
      const person = byId.get(row.contact_id);
      if (!person) return [];
      return [
        {
          id: row.id,
          contactId: row.contact_id,
          contact: { name: person.name, number: person.number, fields: fields.get(person.id) ?? new Map(), optedOut: person.optedOutAt !== null },
        },
      ];
    });
  }

  private async stillRunning(campaignId: number): Promise<boolean> {
    const [row] = await this.ctx.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
    return row?.status === "running";
  }

  /**
   * Waits for a slot of the connection's pace; false when the campaign stopped running (or this
   * instance is stopping) meanwhile. Long waits (a daily cap) are slept in short steps so that a
   * pause or a shutdown is heard.
   */
  private async slot(campaignId: number, connectionId: number): Promise<boolean> {
    for (;;) {
      if (!this.active) return false;
      const slot = await this.ctx.pace.take(connectionId, "bulk");
      if (slot.granted) return true;
      await this.sleep(Math.max(1, Math.min(slot.retryAt.getTime() - Date.now(), this.options.stateCheckMs)));
      if (!(await this.stillRunning(campaignId))) return false;
    }
  }

  /**
   * Sends a leased batch in groups: the first slot is waited for (the pace's order), then the
   * slots already due are taken at once and their recipients written together, in one
   * transaction (sendToGroup, docs/decisions/0103); then the runner lets `groupMs` pass so that
   * the next group is a few slots, not one. The pace holds: a sender late by less than a second
   * keeps its schedule (pace-sql.ts). Groups are written a few at a time so that the round trips
   * of one do not hold back the next slot. Recipients left when it stops (pause, cancel, shutdown)
   * give their lease back for whoever goes on.
   */
  private async sendBatch(campaign: CampaignRow, connectionId: number, batch: readonly LeasedRecipient[]): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const waiting = batch.filter((recipient) => !recipient.contact.optedOut);
    let checkedAt = Date.now();
    try {
      for (const recipient of batch) if (recipient.contact.optedOut) await skipOptedOut(this.ctx, recipient.id);
      let next = 0;
      while (next < waiting.length) {
        if (!this.active) break;
        if (Date.now() - checkedAt >= this.options.stateCheckMs) {
          if (!(await this.stillRunning(campaign.id))) break;
          checkedAt = Date.now();
        }
        if (!(await this.slot(campaign.id, connectionId))) break;
        const group = [waiting[next++]!];
        let retryAt: Date | null = null;
        while (group.length < this.options.groupMax && next < waiting.length) {
          const slot = await this.ctx.pace.take(connectionId, "bulk");
          if (!slot.granted) {
            retryAt = slot.retryAt;
            break;
          }
          group.push(waiting[next++]!);
        }
        const sending: Promise<void> = sendToGroup(this.ctx, campaign, group).finally(() => inFlight.delete(sending));
        inFlight.add(sending);
        if (inFlight.size >= this.options.inFlight) await Promise.race(inFlight);
        // Refused: the next slots come due while this waits, to be taken together.
        if (retryAt && next < waiting.length) {
          await this.sleep(Math.min(this.options.stateCheckMs, Math.max(this.options.groupMs, retryAt.getTime() - Date.now())));
        }
      }
    } finally {
      await Promise.all(inFlight);
      await this.ctx.db
        .update(campaignRecipients)
        .set({ leaseUntil: null })
        .where(and(inArray(campaignRecipients.id, batch.map((recipient) => recipient.id)), eq(campaignRecipients.status, "queued")));
    }
  }

  private async completeIfDone(campaignId: number): Promise<void> {
    const [completed] = await this.ctx.db
      .update(campaigns)
      .set({ status: "completed", finishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(campaigns.id, campaignId),
          eq(campaigns.status, "running"),
          sql`not exists (select 1 from ${campaignRecipients} where ${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.status} = 'queued')`,
        ),
      )
      .returning({ id: campaigns.id });
    if (completed) await this.announce(campaignId, true);
  }

  private async finish(campaignId: number, status: "cancelled"): Promise<void> {
    const [row] = await this.ctx.db
      .update(campaigns)
      .set({ status, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "running")))
      .returning({ id: campaigns.id });
    if (row) await this.announce(campaignId, true);
  }

  /** The campaign as it stands to the admins: at once for a change of state, at most once a second for progress. */
  private async announce(campaignId: number, now: boolean): Promise<void> {
    const last = this.announcedAt.get(campaignId) ?? 0;
    if (!now && Date.now() - last < PROGRESS_MS) return;
    this.announcedAt.set(campaignId, Date.now());
    const [row] = await this.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
    if (!row) return;
    await this.ctx.events.emit("campaign.changed", { event: { action: "update", campaign: await presentCampaign(this.ctx.db, row) } });
  }
}
