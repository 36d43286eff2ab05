import type { ConnectionKind } from "@atendo/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Channels } from "../context-types.js";
import { AppError } from "../core/app-error.js";
import type { Database } from "../db/client.js";
import { connections } from "../db/schema/index.js";
import type { ConnectionRow } from "../modules/connections/connection.presenter.js";
import type { ChannelDriver, ChannelFormat, DriverEvents, DriverFactory } from "./channel-driver.js";
import { channelFormats } from "./channel-formats.js";
import { commandBusFor, type CommandBus, type CommandTimeouts } from "./command-bus.js";
import type { EventWiring } from "./driver-events.js";
import { ownershipLocksFor, type OwnershipLocks } from "./ownership.js";
import { SessionCommands } from "./session-commands.js";

/** What the manager needs of the app: it is built before the app context, which holds it. */
export interface ChannelManagerDeps {
  database: Database;
  log: FastifyBaseLogger;
  /** A connection's events, wired to the pipeline (driverEvents over the app context). */
  events(connectionId: number, wiring: EventWiring): DriverEvents;
  /** Driver factories by kind; a kind without one leaves its connections idle. */
  drivers?: Partial<Record<ConnectionKind, DriverFactory | null>>;
}

export interface ChannelManagerOptions {
  /** Delay before the n-th new attempt of a driver whose start failed (1-based). */
  restartDelayMs?(attempt: number): number;
  /** Runs `fn` after `ms`; returns a cancel function. Tests inject one they drive by hand. */
  schedule?(fn: () => void, ms: number): () => void;
  /** How long a driver may take to stop before it is left behind. */
  stopTimeoutMs?: number;
  /** Who runs which connection across instances; default: advisory locks on PostgreSQL, none on PGlite. */
  locks?: OwnershipLocks;
  /** In-line retries of an inbound message the pipeline could not store (inbound-failures.ts). */
  inboundRetryDelaysMs?: readonly number[];
  /** How commands reach the instance that runs a connection; default: LISTEN/NOTIFY on PostgreSQL, none on PGlite. */
  commands?: CommandBus;
  /** How long the owner has to take a forwarded command, then to answer it. */
  commandTimeouts?: CommandTimeouts;
}

/**
 * Kinds whose session may run on one instance only (two WhatsApp sockets on one session get each
 * other logged out; two pollers of one Telegram bot take each other's updates). The API channel
 * has no session: every instance runs it.
 */
export const exclusiveKinds: ReadonlySet<ConnectionKind> = new Set<ConnectionKind>(["whatsapp", "telegram"]);

/** One running (or retrying) driver of one connection. */
interface Slot {
  kind: ConnectionKind;
  factory: DriverFactory;
  driver: ChannelDriver | null;
  attempts: number;
  cancelRetry?: () => void;
}

/** 1 s, 2 s, 4 s … capped at one minute. */
export function defaultRestartDelay(attempt: number): number {
  return Math.min(60_000, 1000 * 2 ** (attempt - 1));
}

function defaultSchedule(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * Runs one driver per connection. Drivers come from factories registered by kind. Nothing a
 * driver does can take the process or another connection down: every call into a driver is
 * caught and logged, a failed start is retried with backoff, and the events a driver reports are
 * handled by wrappers that never reject (driver-events.ts).
 * A connection of an exclusive kind runs only on the instance that owns it (ownership.ts); the
 * others keep it on standby and take it over when the owner goes away.
 * Calls for one connection (start, stop, logout, remove) run one after another. The ownership
 * round runs as a job (jobs/jobs.ts).
 */
export class ChannelManager implements Channels {
  private readonly factories = new Map<ConnectionKind, DriverFactory>();
  private readonly slots = new Map<number, Slot>();
  /** Exclusive connections another instance owns (or that could not be claimed yet). */
  private readonly standby = new Map<number, ConnectionKind>();
  private readonly queues = new Map<number, Promise<void>>();
  private readonly locks: OwnershipLocks;
  /** Disconnect, pairing code, delete a sent message, try again: carried out where the connection runs. */
  readonly commands: SessionCommands;
  private ownershipRound: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly deps: ChannelManagerDeps,
    private readonly options: ChannelManagerOptions = {},
  ) {
    this.locks = options.locks ?? ownershipLocksFor(deps.database, deps.log);
    this.locks.onLost(() => this.ownershipLost());
    this.commands = new SessionCommands(
      options.commands ?? commandBusFor(deps.database, deps.log),
      {
        handles: (connectionId) => this.slots.has(connectionId),
        start: (connectionId, kind) => this.start(connectionId, kind),
        logout: (connectionId, kind) => this.logout(connectionId, kind),
        driverFor: (connectionId) => this.driverFor(connectionId),
        report: (connectionId, update) => this.deps.events(connectionId, { isCurrent: () => true }).onSession(update),
      },
      deps.log,
      options.commandTimeouts,
    );
    for (const [kind, factory] of Object.entries(deps.drivers ?? {}) as [ConnectionKind, DriverFactory | null][]) {
      if (factory) this.factories.set(kind, factory);
    }
  }

  private get db() {
    return this.deps.database.db;
  }

  private get log() {
    return this.deps.log;
  }

  registerDriver(kind: ConnectionKind, factory: DriverFactory): void {
    this.factories.set(kind, factory);
  }

  formatOf(kind: ConnectionKind): ChannelFormat {
    return channelFormats[kind];
  }

  /** Starts every connection (at boot). Resolves once each has started, scheduled a retry, or gone on standby. */
  async startAll(): Promise<void> {
    const rows = await this.db.select({ id: connections.id, kind: connections.kind }).from(connections);
    await Promise.all(rows.map((row) => this.start(row.id, row.kind)));
  }

  /**
   * The events of a connection whose channel reports by request — the API channel's HTTP calls,
   * answered by whichever instance receives them, its driver running here or not — wired like a
   * running driver's. Session updates through them are dropped: they are the driver's to report.
   * `connection` is the row the caller loaded already (authentication): not read again.
   */
  requestEvents(connection: ConnectionRow): DriverEvents {
    return this.deps.events(connection.id, { isCurrent: () => false, connection });
  }

  /** Starts (or restarts) a connection's driver. Never rejects. */
  start(connectionId: number, kind: ConnectionKind): Promise<void> {
    return this.serially(connectionId, () => this.startNow(connectionId, kind));
  }

  /** Runs `task` after the calls already queued for this connection. */
  private serially(connectionId: number, task: () => Promise<void>): Promise<void> {
    const next = (this.queues.get(connectionId) ?? Promise.resolve()).then(task);
    const settled = next.catch((error: unknown) => this.log.error({ err: error, connectionId }, "channel manager call failed"));
    this.queues.set(connectionId, settled);
    void settled.then(() => {
      if (this.queues.get(connectionId) === settled) this.queues.delete(connectionId);
    });
    return settled;
  }

  private async startNow(connectionId: number, kind: ConnectionKind): Promise<void> {
    await this.stopNow(connectionId);
    const factory = this.factories.get(kind);
    if (this.closed) return;
    if (!factory) {
      this.log.warn({ connectionId, kind }, "no channel driver registered for this kind; the connection stays idle");
      return;
    }
    // Heard before the claim: a command may follow it at once.
    if (exclusiveKinds.has(kind)) await this.commands.listen();
    if (exclusiveKinds.has(kind) && !(await this.own(connectionId))) {
      if (!this.closed) this.standby.set(connectionId, kind);
      return;
    }
    const slot: Slot = { kind, factory, driver: null, attempts: 0 };
    this.slots.set(connectionId, slot);
    await this.launch(connectionId, slot);
  }

  /** Claims a connection for this instance; false when another one owns it or the lock session is down. */
  private async own(connectionId: number): Promise<boolean> {
    try {
      if (await this.locks.acquire(connectionId)) return true;
      this.log.info({ connectionId }, "connection owned by another instance; on standby here");
    } catch (error) {
      this.log.error({ err: error, connectionId }, "could not claim the connection (lock session); on standby, retried later");
    }
    return false;
  }

  /**
   * The ownership round (the connection-ownership job; tests call it): checks the lock
   * session, tries the standby connections again (an owner that died released them), starts
   * connections created on another instance and drops those deleted there.
   */
  retryOwnership(): Promise<void> {
    this.ownershipRound ??= (async () => {
      try {
        await this.locks.check();
        await this.commands.check();
        // Known before the read: a connection created here meanwhile is not taken for a deleted one.
        const known = [...this.slots.keys(), ...this.standby.keys()];
        const rows = await this.db.select({ id: connections.id, kind: connections.kind }).from(connections);
        const existing = new Set(rows.map((row) => row.id));
        for (const id of known) if (!existing.has(id)) await this.remove(id);
        for (const row of rows) {
          if (this.closed) return;
          const unknown = !this.slots.has(row.id) && !this.queues.has(row.id) && this.factories.has(row.kind);
          if (this.standby.has(row.id) || unknown) await this.start(row.id, row.kind);
        }
      } catch (error) {
        this.log.error({ err: error }, "connection ownership round failed");
      }
    })().finally(() => (this.ownershipRound = undefined));
    return this.ownershipRound;
  }

  /** The lock session died: this instance owns nothing now; stop those drivers, on standby until a later round. */
  private ownershipLost(): void {
    for (const [id, slot] of [...this.slots]) {
      if (!exclusiveKinds.has(slot.kind)) continue;
      void this.serially(id, async () => {
        if (this.slots.get(id) !== slot) return;
        await this.stopNow(id);
        if (!this.closed) this.standby.set(id, slot.kind);
      });
    }
  }

  private async launch(connectionId: number, slot: Slot): Promise<void> {
    const current = () => this.slots.get(connectionId) === slot && !this.closed;
    try {
      const inbound = this.options.inboundRetryDelaysMs ? { retryDelaysMs: this.options.inboundRetryDelaysMs } : {};
      slot.driver = slot.factory(connectionId, this.deps.events(connectionId, { isCurrent: current, inbound }));
      await slot.driver.start();
      slot.attempts = 0;
    } catch (error) {
      this.log.error({ err: error, connectionId }, "channel driver failed to start");
      const failed = slot.driver;
      slot.driver = null;
      if (failed) await this.settle(connectionId, "stop", () => failed.stop());
      if (!current()) return;
      slot.attempts += 1;
      const delay = (this.options.restartDelayMs ?? defaultRestartDelay)(slot.attempts);
      slot.cancelRetry = (this.options.schedule ?? defaultSchedule)(() => {
        slot.cancelRetry = undefined;
        if (current()) void this.launch(connectionId, slot);
      }, delay);
    }
  }

  /** The running driver of a connection (ERR_WAPP_NOT_INITIALIZED when it has none). */
  driverFor(connectionId: number): ChannelDriver {
    const driver = this.slots.get(connectionId)?.driver;
    if (!driver) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return driver;
  }

  isRunning(connectionId: number): boolean {
    return Boolean(this.slots.get(connectionId)?.driver);
  }

  /** The connections whose driver runs here. */
  runningIds(): number[] {
    return [...this.slots].filter(([, slot]) => slot.driver).map(([id]) => id);
  }

  /** Whether another instance runs this connection (its outgoing messages are that instance's to send). */
  ownedElsewhere(connectionId: number): boolean {
    return this.standby.has(connectionId);
  }

  /** Stops a connection's driver, keeping its session (a later start resumes it). */
  stop(connectionId: number): Promise<void> {
    return this.serially(connectionId, () => this.stopNow(connectionId));
  }

  private async stopNow(connectionId: number): Promise<void> {
    this.standby.delete(connectionId);
    const slot = this.slots.get(connectionId);
    if (!slot) return;
    this.slots.delete(connectionId);
    slot.cancelRetry?.();
    const driver = slot.driver;
    if (driver) await this.settle(connectionId, "stop", () => driver.stop());
    // Only once the driver has let go of the session may another instance pick it up.
    if (exclusiveKinds.has(slot.kind)) await this.locks.release(connectionId).catch(() => undefined);
  }

  /** Ends the session for good (disconnect), then starts a fresh driver: a new pairing begins. */
  logout(connectionId: number, kind: ConnectionKind): Promise<void> {
    return this.serially(connectionId, async () => {
      const driver = this.slots.get(connectionId)?.driver;
      if (driver) await this.settle(connectionId, "logout", () => driver.logout());
      await this.startNow(connectionId, kind);
    });
  }

  /** A deleted connection: end its session and drop its driver. */
  remove(connectionId: number): Promise<void> {
    return this.serially(connectionId, async () => {
      const driver = this.slots.get(connectionId)?.driver;
      if (driver) await this.settle(connectionId, "logout", () => driver.logout());
      await this.stopNow(connectionId);
    });
  }

  /** Stops every driver (shutdown) and gives up every connection; no driver starts afterwards. */
  async stopAll(): Promise<void> {
    this.closed = true;
    await this.ownershipRound;
    await Promise.all([...new Set([...this.slots.keys(), ...this.standby.keys()])].map((id) => this.stop(id)));
    await this.locks.close();
    await this.commands.close();
  }

  /** Runs a driver call, bounded in time; a failure is logged, never thrown. */
  private async settle(connectionId: number, what: string, call: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.log.warn({ connectionId }, `channel driver ${what} timed out`);
        resolve();
      }, this.options.stopTimeoutMs ?? 10_000);
      timer.unref();
    });
    try {
      await Promise.race([call(), timeout]);
    } catch (error) {
      this.log.error({ err: error, connectionId }, `channel driver ${what} failed`);
    } finally {
      clearTimeout(timer);
    }
  }
}
