import type { ConnectionKind } from "@atendo/contracts";
import type { AppContext } from "../context.js";
import { connections } from "../db/schema/index.js";
import { AppError } from "../http/app-error.js";
import type { ChannelDriver, DriverFactory } from "./channel-driver.js";
import { driverEvents } from "./driver-events.js";

export interface ChannelManagerOptions {
  /** Delay before the n-th new attempt of a driver whose start failed (1-based). */
  restartDelayMs?(attempt: number): number;
  /** Runs `fn` after `ms`; returns a cancel function. Tests inject one they drive by hand. */
  schedule?(fn: () => void, ms: number): () => void;
  /** How long a driver may take to stop before it is left behind. */
  stopTimeoutMs?: number;
}

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
 */
export class ChannelManager {
  private readonly factories = new Map<ConnectionKind, DriverFactory>();
  private readonly slots = new Map<number, Slot>();
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: ChannelManagerOptions = {},
  ) {}

  registerDriver(kind: ConnectionKind, factory: DriverFactory): void {
    this.factories.set(kind, factory);
  }

  /** Starts every connection (at boot). Resolves once each has started or scheduled a retry. */
  async startAll(): Promise<void> {
    const rows = await this.ctx.db.select({ id: connections.id, kind: connections.kind }).from(connections);
    await Promise.all(rows.map((row) => this.start(row.id, row.kind)));
  }

  /** Starts (or restarts) a connection's driver. Never rejects. */
  async start(connectionId: number, kind: ConnectionKind): Promise<void> {
    await this.stop(connectionId);
    const factory = this.factories.get(kind);
    if (this.closed) return;
    if (!factory) {
      this.ctx.log.warn({ connectionId, kind }, "no channel driver registered for this kind; the connection stays idle");
      return;
    }
    const slot: Slot = { kind, factory, driver: null, attempts: 0 };
    this.slots.set(connectionId, slot);
    await this.launch(connectionId, slot);
  }

  private async launch(connectionId: number, slot: Slot): Promise<void> {
    const current = () => this.slots.get(connectionId) === slot && !this.closed;
    try {
      slot.driver = slot.factory(connectionId, driverEvents(this.ctx, connectionId, current));
      await slot.driver.start();
      slot.attempts = 0;
    } catch (error) {
      this.ctx.log.error({ err: error, connectionId }, "channel driver failed to start");
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

  /** Stops a connection's driver, keeping its session (a later start resumes it). */
  async stop(connectionId: number): Promise<void> {
    const slot = this.slots.get(connectionId);
    if (!slot) return;
    this.slots.delete(connectionId);
    slot.cancelRetry?.();
    const driver = slot.driver;
    if (driver) await this.settle(connectionId, "stop", () => driver.stop());
  }

  /** Ends the session for good (disconnect), then starts a fresh driver: a new pairing begins. */
  async logout(connectionId: number, kind: ConnectionKind): Promise<void> {
    const driver = this.slots.get(connectionId)?.driver;
    if (driver) await this.settle(connectionId, "logout", () => driver.logout());
    await this.start(connectionId, kind);
  }

  /** A deleted connection: end its session and drop its driver. */
  async remove(connectionId: number): Promise<void> {
    const driver = this.slots.get(connectionId)?.driver;
    if (driver) await this.settle(connectionId, "logout", () => driver.logout());
    await this.stop(connectionId);
  }

  /** Stops every driver (shutdown); no driver starts afterwards. */
  async stopAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.slots.keys()].map((id) => this.stop(id)));
  }

  /** Runs a driver call, bounded in time; a failure is logged, never thrown. */
  private async settle(connectionId: number, what: string, call: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.ctx.log.warn({ connectionId }, `channel driver ${what} timed out`);
        resolve();
      }, this.options.stopTimeoutMs ?? 10_000);
      timer.unref();
    });
    try {
      await Promise.race([call(), timeout]);
    } catch (error) {
      this.ctx.log.error({ err: error, connectionId }, `channel driver ${what} failed`);
    } finally {
      clearTimeout(timer);
    }
  }
}
