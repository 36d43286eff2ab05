import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "../db/client.js";
import { domainEvent, type DomainEvent, type DomainEventMap, type DomainEventName } from "./domain-events.js";

/** Logs a listener's failure (the app's logger; tests pass their own). */
export interface EventLog {
  error(details: object, message: string): void;
}

/** A listener of this process: called after the commit, once per event, on the instance that wrote it. */
export type Listener<N extends DomainEventName> = (payload: DomainEventMap[N], name: N) => void | Promise<void>;

/** One run of a durable listener: its outbox row (stable across retries) and which attempt this is. */
export interface DurableDelivery {
  id: number;
  attempt: number;
  /** No attempt follows if this one fails: the listener's last chance to say so. */
  last: boolean;
  /** How many automatic steps led to the event (0: a person, a customer, a job; see `caused`). */
  depth: number;
}

/** A durable listener: also told which delivery it runs (a receiver may drop repeats by its id). */
export type DurableListener<N extends DomainEventName> = (payload: DomainEventMap[N], name: N, delivery: DurableDelivery) => void | Promise<void>;

/** How a durable listener's failures are retried, when not as the outbox's default (events/event-outbox.ts). */
export interface DurableRetry {
  /** Attempts before its delivery is kept as failed. */
  maxAttempts: number;
  /** Wait after the n-th failed attempt (1-based). */
  backoffMs(attempt: number): number;
}

/**
 * How a durable listener wants its events: its retry pace, and which events it wants at all. A
 * listener that acts on few of its events (a bot only on tickets in its stage, automation only
 * while a rule of that trigger is on) says so in `when`, so the others cost no outbox row.
 */
export interface DurableOptions<N extends DomainEventName = DomainEventName> {
  retry?: DurableRetry;
  /** Called in the publishing write, synchronously: false keeps no row for this event. Default: every event. */
  when?: (payload: DomainEventMap[N], name: N) => boolean;
}

/** Where durable listeners' events are kept until one instance has run them (events/event-outbox.ts). */
export interface DurableStore {
  /** Keeps one row per (event, durable listener) on `db`: the write's own transaction when it has one. */
  keep(db: Db, rows: readonly { listener: string; event: DomainEvent; depth: number }[]): Promise<void>;
}

/**
 * A listener that writes with the write itself (the audit log): called with the publishing
 * transaction, before its commit, so what it writes exists exactly when the write does. Its
 * failure fails the write. For events published after their commit (`publish`, `emit`), it is
 * called with the app's database right away, before the other listeners.
 */
export type InWriteListener<N extends DomainEventName> = (db: Db, payload: DomainEventMap[N], name: N) => Promise<void>;

/** Publishes events of a write (`domainEvent(name, payload)`); inside `DomainEvents.transaction` they wait for its commit. */
export type Publish = (...events: DomainEvent[]) => void;

interface Registered {
  key: string;
  run: (payload: never, name: never, delivery?: DurableDelivery) => void | Promise<void>;
  retry?: DurableRetry | undefined;
  when?: ((payload: never, name: never) => boolean) | undefined;
}

/**
 * The app's domain events (docs/architecture.md, "Events"). A write publishes what happened; the
 * listeners run only once it is committed, never for a write that rolled back, each on its own:
 * one that throws (or rejects) is logged and neither fails the write nor stops the others.
 *
 * - `on`: a listener of this process (sockets, Web Push). Every event is published by the one
 *   instance that wrote it, so it runs once — unless that instance dies right after the commit.
 * - `durable`: a listener that must run once per event even then (webhooks, automation, surveys,
 *   assignment): its events are kept in the outbox by the write's own transaction and run by
 *   whichever instance claims them first (events/event-outbox.ts).
 * - `inWrite`: a listener whose own rows belong to the write (the audit log): run by the
 *   publishing transaction before it commits; a failure rolls the write back.
 */
export class DomainEvents {
  private readonly listeners = new Map<DomainEventName, Registered[]>();
  private readonly durables = new Map<DomainEventName, string[]>();
  private readonly durableHandlers = new Map<string, Registered>();
  private readonly inWrites = new Map<DomainEventName, InWriteListener<never>[]>();
  private readonly running = new Set<Promise<unknown>>();
  /** The depth of the automatic step running now (AsyncLocalStorage: it follows the step's awaits). */
  private readonly cause = new AsyncLocalStorage<number>();
  private store: DurableStore | undefined;
  /** Called after durable rows are kept outside a worker's poll (the outbox starts at once). */
  private kept: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: EventLog,
  ) {}

  /** Listens in this process to one or more events; `key` names the listener in logs. */
  on<N extends DomainEventName>(names: N | readonly N[], key: string, listener: Listener<N>): void {
    for (const name of typeof names === "string" ? [names] : names) {
      const list = this.listeners.get(name) ?? [];
      list.push({ key, run: listener as Registered["run"] });
      this.listeners.set(name, list);
    }
  }

  /**
   * A listener that runs once per event across every instance, even if the one that wrote it dies
   * after the commit: `key` is its name in the outbox, the same on every instance. `options.retry`,
   * when its failures want another pace than the outbox's (an HTTP receiver's outage, say);
   * `options.when`, when it wants only some of its events.
   */
  durable<N extends DomainEventName>(names: N | readonly N[], key: string, listener: DurableListener<N>, options: DurableOptions<N> = {}): void {
    if (this.durableHandlers.has(key)) throw new Error(`durable listener ${key} registered twice`);
    this.durableHandlers.set(key, { key, run: listener as Registered["run"], retry: options.retry, when: options.when as Registered["when"] });
    for (const name of typeof names === "string" ? [names] : names) this.durables.set(name, [...(this.durables.get(name) ?? []), key]);
  }

  /** A listener that writes in the publishing transaction (see InWriteListener). */
  inWrite<N extends DomainEventName>(names: N | readonly N[], listener: InWriteListener<N>): void {
    for (const name of typeof names === "string" ? [names] : names) {
      this.inWrites.set(name, [...(this.inWrites.get(name) ?? []), listener as unknown as InWriteListener<never>]);
    }
  }

  /** The outbox the durable listeners' events go to (wired by the app once it exists). */
  useStore(store: DurableStore, kept: () => void): void {
    this.store = store;
    this.kept = kept;
  }

  /** The retry pace a durable listener asked for; undefined: the outbox's default. */
  retryOf(key: string): DurableRetry | undefined {
    return this.durableHandlers.get(key)?.retry;
  }

  /** Runs a durable listener on an event the outbox claimed; throws when it fails (the outbox retries). */
  async runDurable(key: string, event: DomainEvent, delivery: DurableDelivery): Promise<void> {
    const handler = this.durableHandlers.get(key);
    if (!handler) throw new Error(`no durable listener ${key} on this instance`);
    // What the listener publishes is as deep as its event, unless it says otherwise (`caused`).
    await this.cause.run(delivery.depth, () => handler.run(event.payload as never, event.name as never, delivery));
  }

  /**
   * Runs `fn` as an automatic step `depth` deep: the durable rows of the events it publishes carry
   * that depth, and their listeners read it back (`DurableDelivery.depth`). An automation rule's
   * actions run one step deeper than their event, which bounds a chain of rules (decision 0093).
   */
  caused<T>(depth: number, fn: () => Promise<T>): Promise<T> {
    return this.cause.run(depth, fn);
  }

  /**
   * Events of a write already committed (a single statement is its own commit): the listeners of
   * this process run now; the durable ones' rows are kept first, which is why this is awaited.
   */
  async publish(...events: DomainEvent[]): Promise<void> {
    await this.writeWith(this.db, events);
    await this.keepDurable(this.db, events);
    if (this.hasDurable(events)) this.kept?.();
    this.deliver(events);
  }

  /** One event, spelled as name and payload (see publish). */
  emit<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): Promise<void> {
    return this.publish(domainEvent(name, payload) as DomainEvent);
  }

  /**
   * A write in one transaction: `fn` publishes as it goes; the durable listeners' rows are written
   * by the same transaction, the other listeners run after its commit, and nothing happens at all
   * if it rolls back.
   */
  async transaction<T>(fn: (tx: Db, publish: Publish) => Promise<T>, db: Db = this.db): Promise<T> {
    const events: DomainEvent[] = [];
    const publish: Publish = (...published) => void events.push(...published);
    const result = await db.transaction(async (tx) => {
      const value = await fn(tx, publish);
      await this.writeWith(tx, events);
      await this.keepDurable(tx, events);
      return value;
    });
    if (this.hasDurable(events)) this.kept?.();
    this.deliver(events);
    return result;
  }

  /** Resolves once every listener started so far has settled (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private hasDurable(events: readonly DomainEvent[]): boolean {
    return this.durableRows(events).length > 0;
  }

  /** One row per (event, durable listener that wants it). */
  private durableRows(events: readonly DomainEvent[]): { listener: string; event: DomainEvent; depth: number }[] {
    const depth = this.cause.getStore() ?? 0;
    return events.flatMap((event) =>
      (this.durables.get(event.name) ?? []).flatMap((listener) => {
        const when = this.durableHandlers.get(listener)?.when;
        return !when || when(event.payload as never, event.name as never) ? [{ listener, event, depth }] : [];
      }),
    );
  }

  /** The in-write listeners, in order, on the write's own connection. */
  private async writeWith(db: Db, events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      for (const listener of this.inWrites.get(event.name) ?? []) await listener(db, event.payload as never, event.name as never);
    }
  }

  private async keepDurable(db: Db, events: readonly DomainEvent[]): Promise<void> {
    const rows = this.durableRows(events);
    if (rows.length === 0) return;
    if (!this.store) throw new Error("durable listeners need the event outbox");
    await this.store.keep(db, rows);
  }

  private deliver(events: readonly DomainEvent[]): void {
    for (const event of events) {
      for (const listener of this.listeners.get(event.name) ?? []) this.run(listener, event);
    }
  }

  private run(listener: Registered, event: DomainEvent): void {
    const fail = (error: unknown) => this.log.error({ err: error, listener: listener.key, event: event.name }, "event listener failed");
    try {
      const result = listener.run(event.payload as never, event.name as never);
      if (result instanceof Promise) {
        const tracked = result.catch(fail).finally(() => this.running.delete(tracked));
        this.running.add(tracked);
      }
    } catch (error) {
      fail(error);
    }
  }
}
