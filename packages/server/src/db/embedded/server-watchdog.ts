/**
 * Keeps the embedded PostgreSQL running for as long as Atendo runs (docs/decisions/0100): a
 * postmaster that dies (killed, out of memory, a crash) is started again on the same folder and
 * port, where PostgreSQL's crash recovery replays its WAL; requests meanwhile answer 503
 * ERR_DATABASE_UNAVAILABLE and the pool reconnects by itself. Never two servers on the folder: a
 * restart begins only once the previous postmaster has exited (its exit event), and PostgreSQL's
 * own postmaster.pid and shared-memory checks refuse a start while its last backends linger (the
 * next attempt, after a backoff, then succeeds).
 */

/** One run of the server, the folder lock held by this Atendo. */
export interface HeldServer {
  pid: number;
  port: number;
  /** Releases the folder and shuts this run down; resolves once it has exited. */
  stop(): Promise<void>;
}

export interface WatchdogOptions {
  /** Starts a new run on the folder (the same port). */
  restart(): Promise<HeldServer>;
  /** What the operator reads: the death, each failed attempt, the recovery. */
  alert(line: string): void;
  /** The server exited cleanly though Atendo did not ask it to (someone stopped it): not restarted. */
  onStopped(reason: string): void;
  /** Wait before the n-th attempt (1-based; the first one starts at once). */
  backoffMs?(attempt: number): number;
}

/** At once, then 0.5 s, 1 s, 2 s … up to 30 s between attempts. */
function defaultBackoff(attempt: number): number {
  return attempt <= 1 ? 0 : Math.min(30_000, 500 * 2 ** (attempt - 2));
}

export class ServerWatchdog {
  private stopping = false;
  private restarting: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private held: HeldServer,
    private readonly options: WatchdogOptions,
  ) {}

  /** The running postmaster's process id (a new one after each restart). */
  pid(): number {
    return this.held.pid;
  }

  /** The current run's postmaster exited without Atendo stopping it (`reason`: a signal or `exit N`). */
  exited(reason: string): void {
    if (this.stopping || this.restarting) return;
    // Exit 0 is a shutdown someone asked for (pg_ctl stop, a signal to the server alone): respected.
    if (reason === "exit 0") return this.options.onStopped(reason);
    this.options.alert(`The embedded PostgreSQL stopped unexpectedly (${reason}): Atendo starts it again on the same folder (PostgreSQL recovers it from its log).`);
    this.restarting = this.restartUntilRunning().finally(() => (this.restarting = undefined));
  }

  /** Stops the server for good (Atendo's shutdown): a restart in progress is abandoned. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.restarting;
    await this.held.stop();
  }

  private async restartUntilRunning(): Promise<void> {
    const since = Date.now();
    const backoff = this.options.backoffMs ?? defaultBackoff;
    for (let attempt = 1; !this.stopping; attempt++) {
      await this.pause(backoff(attempt));
      if (this.stopping) return;
      try {
        const held = await this.options.restart();
        if (this.stopping) {
          await held.stop();
          return;
        }
        this.held = held;
        this.options.alert(`The embedded PostgreSQL runs again (process ${held.pid}), ${((Date.now() - since) / 1000).toFixed(1)} s after it stopped.`);
        return;
      } catch (error) {
        this.options.alert(`The embedded PostgreSQL did not start again (attempt ${attempt}: ${(error as Error).message}); trying again.`);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
