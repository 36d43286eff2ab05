import { automationLimits, limits } from "@atendo/contracts";
import type { AppContext } from "../context.js";
import { recoverOrphanedImports } from "../modules/contact-import/import-recovery.js";
import { CampaignRunner, type CampaignRunnerOptions } from "../modules/campaigns/campaign-runner.js";
import { sweepWaitingTickets } from "./assignment-sweep.js";
import { closeIdleTickets } from "./auto-close.js";
import { watchConnections } from "./connection-watch.js";
import { JobRegistry, periodicJob, type Job } from "./job-registry.js";
import { presenceRound } from "./presence-rounds.js";
import { runRecovery } from "./recovery.js";
import { announceSlaBreaches } from "./sla-breaches.js";
import { announceAutomationMoments } from "./automation-moments.js";
import { automationTriggersSlot } from "../modules/automations/automation-cache.js";
import { closeRevokedSockets } from "./revoked-sockets.js";
import { sendDueSchedules } from "../modules/schedules/schedule-send.js";
import { sweepOrphanUploads } from "./upload-sweep.js";
import { pruneAuditEntries } from "./audit-prune.js";

export interface JobOptions {
  /** Between two recovery sweeps; default 2 s (also how soon another instance's reply goes out here). */
  recoveryMs?: number;
  /**
   * Between two connection ownership rounds (ChannelManager.retryOwnership): connections owned
   * elsewhere are tried again, the lock session is checked, connections created or deleted on
   * another instance are picked up or dropped. Default 5 s: with the server releasing a dead owner's locks at once,
   * that bounds how long its connections stay unserved (a takeover within about 5 s plus a driver's start; decision 0101).
   */
  ownershipMs?: number;
  /** Between two auto-close runs; default one minute. */
  autoCloseMs?: number;
  /** Between two sweeps for sockets of sign-ins revoked outside this process; default 30 s. */
  revokedSocketsMs?: number;
  /** Between two sweeps of orphan upload files; default limits.uploadSweepSeconds. */
  uploadSweepMs?: number;
  /** Between two looks for contact imports left running by a stopped process; default 10 s. */
  contactImportRecoveryMs?: number;
  /** Between two automatic assignment sweeps (tickets left waiting by a lost event); default limits.assignmentSweepSeconds. */
  assignmentSweepMs?: number;
  /** Between two presence rounds (this instance's users stamped as seen, the absent made offline); default limits.presenceCheckSeconds. */
  presenceMs?: number;
  /** Between two looks for SLA targets just missed; default limits.slaBreachScanSeconds. */
  slaBreachesMs?: number;
  /** The campaign runner's pace of looking, batches and leases (modules/campaigns/campaign-runner.ts). */
  campaigns?: CampaignRunnerOptions;
  /** Between two rounds of the connection watch (down alerts and recoveries); default limits.connectionWatchSeconds. */
  connectionWatchMs?: number;
  /** Between two looks for scheduled messages due; default limits.schedulePollMs. */
  schedulesMs?: number;
  /** Between two re-reads of which triggers have an enabled rule; default automationLimits.cacheSeconds. */
  automationCacheMs?: number;
  /** Between two looks for idle tickets and SLA targets at risk (automation rules); default automationLimits.scanSeconds. */
  automationMomentsMs?: number;
  /** Between two prunes of audit entries past the retention setting; default one hour. */
  auditPruneMs?: number;
}

/** The app's periodic work: every job, one registry. */
export function createJobs(ctx: AppContext, options: JobOptions = {}): JobRegistry {
  const jobs: Job[] = [
    // Durable event listeners' work (the API channel's webhooks among them), shared by every instance (events/event-outbox.ts).
    { name: "event-outbox", start: () => ctx.eventOutbox.start(), stop: () => ctx.eventOutbox.stop() },
    // Started after the drivers: its first sweep sends what a crash left unsent on the connections now running here.
    periodicJob("recovery", ctx.log, { intervalMs: options.recoveryMs ?? 2000, runAtStart: true }, () => runRecovery(ctx)),
    periodicJob("connection-ownership", ctx.log, { intervalMs: options.ownershipMs ?? 5000 }, () => ctx.channels.retryOwnership()),
    // Sign-ins revoked by another process (the admin command) lose their sockets within one interval.
    periodicJob("revoked-sockets", ctx.log, { intervalMs: options.revokedSocketsMs ?? 30_000 }, () => closeRevokedSockets(ctx)),
    // Temporary files of uploads a killed process left behind; the first sweep runs at start-up.
    periodicJob("upload-sweep", ctx.log, { intervalMs: options.uploadSweepMs ?? limits.uploadSweepSeconds * 1000, runAtStart: true }, () => sweepOrphanUploads(ctx)),
    // An import whose process died is declared failed at start-up, or within one interval when another instance died.
    periodicJob("contact-import-recovery", ctx.log, { intervalMs: options.contactImportRecoveryMs ?? 10_000, runAtStart: true }, () =>
      recoverOrphanedImports(ctx),
    ),
    // Waiting tickets of automatic queues a lost event left behind (decision 0079); the first sweep runs at start-up.
    periodicJob("assignment-sweep", ctx.log, { intervalMs: options.assignmentSweepMs ?? limits.assignmentSweepSeconds * 1000, runAtStart: true }, () =>
      sweepWaitingTickets(ctx),
    ),
    // Users of this instance's sockets are seen; whoever no instance has seen for the grace period goes offline (decision 0078).
    periodicJob("presence", ctx.log, { intervalMs: options.presenceMs ?? limits.presenceCheckSeconds * 1000, runAtStart: true }, () => presenceRound(ctx)),
    // SLA targets missed since the last look, announced once across instances (docs/decisions/0080).
    periodicJob("sla-breaches", ctx.log, { intervalMs: options.slaBreachesMs ?? limits.slaBreachScanSeconds * 1000, runAtStart: true }, async () => {
      await announceSlaBreaches(ctx);
    }),
    // Connections away from CONNECTED past the setting's minutes alert admins once, and their recovery (docs/decisions/0087).
    periodicJob("connection-watch", ctx.log, { intervalMs: options.connectionWatchMs ?? limits.connectionWatchSeconds * 1000 }, async () => {
      await watchConnections(ctx);
    }),
    // Scheduled messages due, claimed in the database so each is sent once across instances; the first look at start-up sends what came due while stopped (decision 0084).
    periodicJob("schedules", ctx.log, { intervalMs: options.schedulesMs ?? limits.schedulePollMs, runAtStart: true }, async () => {
      await sendDueSchedules(ctx);
    }),
    // Which triggers have an enabled rule, re-read for changes made on another instance (decision 0093).
    periodicJob("automation-cache", ctx.log, { intervalMs: options.automationCacheMs ?? automationLimits.cacheSeconds * 1000, runAtStart: true }, () =>
      ctx.slots.get(automationTriggersSlot).refresh(),
    ),
    // Idle tickets and SLA targets at risk, announced once each across instances for the rules (decision 0093).
    periodicJob("automation-moments", ctx.log, { intervalMs: options.automationMomentsMs ?? automationLimits.scanSeconds * 1000 }, async () => {
      await announceAutomationMoments(ctx);
    }),
    // Audit entries older than the auditRetentionDays setting (docs/decisions/0097).
    periodicJob("audit-prune", ctx.log, { intervalMs: options.auditPruneMs ?? 3_600_000, runAtStart: true }, async () => {
      await pruneAuditEntries(ctx);
    }),
  ];
  // Campaigns (issue 31, docs/decisions/0085): every instance sends, each its own leased recipients.
  const campaignRunner = new CampaignRunner(ctx, options.campaigns);
  jobs.push({ name: "campaigns", start: () => campaignRunner.start(), stop: () => campaignRunner.stop() });
  // Off unless TICKETS_AUTO_CLOSE_HOURS is set; the first run comes one interval after the start.
  const hours = ctx.config.TICKETS_AUTO_CLOSE_HOURS;
  if (hours > 0) {
    jobs.push(
      periodicJob("auto-close", ctx.log, { intervalMs: options.autoCloseMs ?? 60_000 }, async () => {
        const closed = await closeIdleTickets(ctx, hours);
        if (closed > 0) ctx.log.info({ closed, hours }, "idle tickets closed");
      }),
    );
  }
  return new JobRegistry(jobs);
}
