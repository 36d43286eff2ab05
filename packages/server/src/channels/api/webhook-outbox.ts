import { webhookAnswer } from "@atendo/contracts";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { WebhookDeliveries } from "../../context-types.js";
import type { OutboundGuard } from "../../core/outbound-guard.js";
import { postOutbound } from "../../core/outbound-post.js";
import { PollWorker } from "../../core/poll-worker.js";
import type { Db } from "../../db/client.js";
import { connections, webhookDeliveries } from "../../db/schema/index.js";
import { buildPayload, signature, type DeliveryRow } from "./webhook-payload.js";

/** What the outbox needs of the app (it is built before the app context, which holds it). */
export interface OutboxDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: where receivers download files. */
  publicUrl: string | undefined;
  /** The receiver took a message (and named it `externalId`, when it answered one): shown as sent. */
  delivered(messageId: number, externalId: string | undefined): Promise<void>;
  /** The last attempt failed: the message shows as failed. */
  failed(messageId: number): Promise<void>;
  /** Keeps deliveries off private addresses unless WEBHOOK_ALLOW_PRIVATE (core/outbound-guard.ts). */
  guard: OutboundGuard;
}

export interface OutboxOptions {
  /** Attempts before a delivery is marked failed. */
  maxAttempts?: number;
  /** Wait after the n-th failed attempt (1-based). */
  backoffMs?(attempt: number): number;
  /** A claimed delivery whose worker died is due again after this long. */
  leaseMs?: number;
  timeoutMs?: number;
  batchSize?: number;
  pollMs?: number;
}

/** 10 s, 30 s, 1.5 min, 4.5 min, 13.5 min: about 20 minutes of outage absorbed by 6 attempts. */
export function defaultBackoff(attempt: number): number {
  return 10_000 * 3 ** (attempt - 1);
}

/**
 * The API channel's durable outbox. Deliveries are rows (webhook_deliveries): a worker claims due
 * rows (FOR UPDATE SKIP LOCKED, so several instances share the work), POSTs each signed payload,
 * and marks it sent, or schedules the next attempt with backoff, or after the last one marks it
 * and its message failed. Rows pending at start-up are picked up: a restart loses nothing.
 * The worker is a job (jobs/jobs.ts starts and stops it); tests drive `runOnce(now)` with their
 * own clock instead.
 */
export class WebhookOutbox implements WebhookDeliveries {
  private readonly worker: PollWorker;
  private readonly o: Required<OutboxOptions>;

  constructor(
    private readonly deps: OutboxDeps,
    options: OutboxOptions = {},
  ) {
    this.o = {
      maxAttempts: options.maxAttempts ?? 6,
      backoffMs: options.backoffMs ?? defaultBackoff,
      leaseMs: options.leaseMs ?? 60_000,
      timeoutMs: options.timeoutMs ?? 10_000,
      batchSize: options.batchSize ?? 20,
      pollMs: options.pollMs ?? 1000,
    };
    this.worker = new PollWorker(() => this.runOnce(), { pollMs: this.o.pollMs, onError: (error) => deps.log.error({ err: error }, "webhook outbox run failed") });
  }

  get maxAttempts(): number {
    return this.o.maxAttempts;
  }

  /**
   * Adds the delivery of a message's event, once: a message dispatched again after a crash (its
   * dispatch lease ran out before it was marked handed over) does not get a second delivery.
   */
  async enqueue(connectionId: number, messageId: number, event: DeliveryRow["event"]): Promise<void> {
    await this.deps.db.execute(sql`
      insert into webhook_deliveries (connection_id, message_id, event)
      select ${connectionId}::integer, ${messageId}::bigint, ${event}::text
      where not exists (select 1 from webhook_deliveries where message_id = ${messageId}::bigint and event = ${event}::text)`);
    this.kick();
  }

  /** Starts the background worker: a poll timer plus a kick on every enqueue. */
  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  private kick(): void {
    this.worker.kick();
  }

  /** Claims the deliveries due at `now` and attempts each; returns how many were attempted. */
  async runOnce(now: Date = new Date()): Promise<number> {
    const due = this.deps.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(this.o.batchSize)
      .for("update", { skipLocked: true });
    const claimed = await this.deps.db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + this.o.leaseMs), updatedAt: now })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
    await Promise.all(claimed.map((delivery) => this.attempt(delivery, now)));
    return claimed.length;
  }

  private async attempt(delivery: DeliveryRow, now: Date): Promise<void> {
    try {
      const externalId = await this.post(delivery);
      await this.finish(delivery, { status: "sent", lastError: null });
      if (delivery.event !== "message") return;
      await this.deps.delivered(delivery.messageId, externalId);
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      if (delivery.attempts < this.o.maxAttempts) {
        const nextAttemptAt = new Date(now.getTime() + this.o.backoffMs(delivery.attempts));
        await this.finish(delivery, { status: "pending", lastError, nextAttemptAt });
        return;
      }
      this.deps.log.warn({ deliveryId: delivery.id, messageId: delivery.messageId, lastError }, "webhook delivery failed for good");
      await this.finish(delivery, { status: "failed", lastError });
      if (delivery.event === "message") await this.deps.failed(delivery.messageId);
    }
  }

  private async finish(delivery: DeliveryRow, change: Partial<DeliveryRow>): Promise<void> {
    await this.deps.db.update(webhookDeliveries).set({ ...change, updatedAt: new Date() }).where(eq(webhookDeliveries.id, delivery.id));
  }

  /** POSTs one delivery; resolves with the external id the receiver answered, throws on failure. */
  private async post(delivery: DeliveryRow): Promise<string | undefined> {
    const [connection] = await this.deps.db
      .select({ url: connections.webhookUrl, secret: connections.webhookSecret })
      .from(connections)
      .where(eq(connections.id, delivery.connectionId))
      .limit(1);
    const payload = await buildPayload(this.deps.db, this.deps.publicUrl, delivery);
    // The webhook was removed meanwhile: delivered locally, as for a connection without one.
    if (!connection?.url || !payload) return undefined;
    const rawBody = JSON.stringify(payload);
    const headers = {
      "content-type": "application/json",
      "user-agent": "Atendo-Webhook/1",
      "x-atendo-event": payload.event,
      "x-atendo-delivery": String(delivery.id),
      "x-atendo-signature": signature(connection.secret ?? "", rawBody),
    };
    const { status, text } = await postOutbound(connection.url, headers, rawBody, { timeoutMs: this.o.timeoutMs, guard: this.deps.guard });
    if (status < 200 || status > 299) throw new Error(`HTTP ${status}`);
    try {
      return webhookAnswer.parse(JSON.parse(text)).externalId;
    } catch {
      return undefined; // a 2xx without a JSON answer is fine
    }
  }
}
