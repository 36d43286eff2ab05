import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { isDatabaseUnavailable } from "../core/db-errors.js";
import { PollWorker } from "../core/poll-worker.js";
import type { Db } from "../db/client.js";
import { eventDeliveries } from "../db/schema/index.js";
import type { DomainEvent } from "./domain-events.js";
import type { DomainEvents, DurableStore, EventLog } from "./event-bus.js";

export interface EventOutboxOptions {
  /** Attempts before a delivery is kept as failed (a listener's own `retry` wins). */
  maxAttempts?: number;
  /** Wait after the n-th failed attempt (1-based). */
  backoffMs?(attempt: number): number;
  /** A claimed delivery whose instance died is due again after this long. */
  leaseMs?: number;
  batchSize?: number;
  pollMs?: number;
}

/** 2 s, 10 s, 50 s, ~4 min, ~21 min: a listener's upstream may be away for half an hour. */
function defaultBackoff(attempt: number): number {
  return 2000 * 5 ** (attempt - 1);
}

/** A failed round: while the database is away (docs/decisions/0100) one short line each, without the stack. */
function outboxRunFailed(log: EventLog, error: unknown): void {
  if (isDatabaseUnavailable(error)) log.error({ reason: (error as Error).message }, "event outbox run failed: database unavailable");
  else log.error({ err: error }, "event outbox run failed");
}

type Claimed = Pick<typeof eventDeliveries.$inferSelect, "id" | "listener" | "event" | "payload" | "attempts" | "depth">;

/**
 * The durable listeners' outbox (docs/decisions/0057). Rows are written by the publishing
 * transaction (`keep`), so an event is never lost between a commit and a crash; each instance
 * polls (and is kicked when it kept rows itself), claims due rows with FOR UPDATE SKIP LOCKED and a
 * lease, runs the listener, and deletes the row. Two instances never run one row at once; a row
 * whose instance died mid-run is run again when its lease ends, so a listener must tolerate a
 * repeat after a crash (at least once, never twice while both live). Rows run side by side, up to
 * `batchSize` at once, and the worker claims more as soon as there is room: a slow listener (an
 * HTTP receiver's or a bot's timeout) holds neither another row past its lease nor the rows kept
 * after it; no order is promised. A listener may ask for its own retry pace (`durable(…, retry)`); the options
 * here are the default.
 */
export class EventOutbox implements DurableStore {
  private readonly o: Required<EventOutboxOptions>;
  private readonly worker: PollWorker;
  /** The worker's runs not yet finished (runOnce, for tests, waits for its own). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: { db: Db; log: EventLog; events: DomainEvents },
    options: EventOutboxOptions = {},
  ) {
    this.o = {
      maxAttempts: options.maxAttempts ?? 6,
      backoffMs: options.backoffMs ?? defaultBackoff,
      leaseMs: options.leaseMs ?? 60_000,
      batchSize: options.batchSize ?? 50,
      pollMs: options.pollMs ?? 1000,
    };
    this.worker = new PollWorker(() => this.round(), { pollMs: this.o.pollMs, onError: (error) => outboxRunFailed(deps.log, error) });
  }

  async keep(db: Db, rows: readonly { listener: string; event: DomainEvent; depth: number }[]): Promise<void> {
    await db.insert(eventDeliveries).values(rows.map(({ listener, event, depth }) => ({ listener, event: event.name, payload: event.payload, depth })));
  }

  start(): void {
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await Promise.all(this.inFlight);
  }

  /** Runs what is due soon, without waiting for the next poll (rows were just kept here). */
  kick(): void {
    this.worker.kick();
  }

  /** Claims and runs one batch of due deliveries, waiting for them; returns how many it claimed (tests call it with their clock). */
  async runOnce(now = new Date()): Promise<number> {
    const claimed = await this.claim(now, this.o.batchSize);
    await Promise.all(claimed.map((row) => this.run(row, now)));
    return claimed.length;
  }

  /**
   * The worker's round: claims what is due into the room left beside the runs still going, and
   * starts them without waiting; with no room, waits for one to end. Returns how much it did (the
   * worker looks again at once while that is more than nothing).
   */
  private async round(): Promise<number> {
    const room = this.o.batchSize - this.inFlight.size;
    if (room <= 0) {
      await Promise.race(this.inFlight);
      return 1;
    }
    const now = new Date();
    const claimed = await this.claim(now, room);
    for (const row of claimed) {
      const running: Promise<void> = this.run(row, now)
        // Only its bookkeeping can throw (the database gone): the row's lease brings it back.
        .catch((error: unknown) => this.deps.log.error({ err: error, listener: row.listener }, "event outbox run failed"))
        .finally(() => this.inFlight.delete(running));
      this.inFlight.add(running);
    }
    return claimed.length;
  }

  /**
   * One UPDATE: the due rows no other instance holds (FOR UPDATE SKIP LOCKED in its subquery)
   * leased and their attempt counted, returned as claimed — a round trip per claim, where a
   * transaction of a SELECT and an UPDATE cost four (a campaign's webhook rows are claimed a few
   * at a time, docs/decisions/0103).
   */
  private async claim(now: Date, limit: number): Promise<Claimed[]> {
    const due = this.deps.db
      .select({ id: eventDeliveries.id })
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.status, "pending"), lte(eventDeliveries.nextAttemptAt, now)))
      .orderBy(asc(eventDeliveries.nextAttemptAt), asc(eventDeliveries.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    const claimed = await this.deps.db
      .update(eventDeliveries)
      .set({ attempts: sql`${eventDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + this.o.leaseMs) })
      .where(inArray(eventDeliveries.id, due))
      .returning({ id: eventDeliveries.id, listener: eventDeliveries.listener, event: eventDeliveries.event, payload: eventDeliveries.payload, attempts: eventDeliveries.attempts, depth: eventDeliveries.depth });
    // RETURNING keeps no order: started oldest first, as the two-statement claim did (a ticket's
    // events reach a listener such as the bot stage in the order they happened).
    return claimed.sort((a, b) => a.id - b.id);
  }

  private async run(row: Claimed, now: Date): Promise<void> {
    const { db, events, log } = this.deps;
    const retry = events.retryOf(row.listener) ?? this.o;
    const last = row.attempts >= retry.maxAttempts;
    try {
      await events.runDurable(row.listener, { name: row.event, payload: row.payload } as DomainEvent, { id: row.id, attempt: row.attempts, last, depth: row.depth });
      await db.delete(eventDeliveries).where(eq(eventDeliveries.id, row.id));
    } catch (error) {
      log.error({ err: error, listener: row.listener, event: row.event, attempt: row.attempts, last }, "durable event listener failed");
      await db
        .update(eventDeliveries)
        .set(
          last
            ? { status: "failed", lastError: String(error) }
            : { nextAttemptAt: new Date(now.getTime() + retry.backoffMs(row.attempts)), lastError: String(error) },
        )
        .where(eq(eventDeliveries.id, row.id));
    }
  }
}
