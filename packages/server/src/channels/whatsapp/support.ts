/** Small helpers of the WhatsApp driver: ordering, de-duplication, logging, backoff. */
import type { SocketConfig } from "baileys";

/** Baileys' logger shape (pino-compatible); its own type is not exported from the package root. */
export type ILogger = SocketConfig["logger"];

/** Runs tasks one after another; a failing task is reported and does not stop the next. */
export interface SerialQueue {
  run(task: () => Promise<unknown>): Promise<void>;
  /** Resolves once everything queued so far has run. */
  idle(): Promise<void>;
}

export function serialQueue(onError: (error: unknown) => void): SerialQueue {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(task) {
      tail = tail.then(task).then(
        () => undefined,
        (error: unknown) => onError(error),
      );
      return tail;
    },
    idle: () => tail,
  };
}

/** A bounded set of recent keys (oldest evicted first): enough to recognise a repeat. */
export class RecentSet {
  private readonly items = new Set<string>();

  constructor(private readonly capacity = 2000) {}

  has(key: string): boolean {
    return this.items.has(key);
  }

  /** Adds the key; false when it was already there (i.e. a repeat). */
  add(key: string): boolean {
    if (this.items.has(key)) return false;
    this.items.add(key);
    if (this.items.size > this.capacity) {
      const oldest = this.items.values().next().value;
      if (oldest !== undefined) this.items.delete(oldest);
    }
    return true;
  }
}

/** A logger that drops everything: the default, as Baileys is very chatty. */
export const silentLogger: ILogger = {
  level: "silent",
  child: () => silentLogger,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Waits before reconnect attempt `attempt` (1, 2, …). */
export type Backoff = (attempt: number) => Promise<void>;

/** 1 s, 2 s, 4 s … capped at 60 s, ±20 % jitter so many connections do not reconnect in step. */
export const exponentialBackoff: Backoff = (attempt) => {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
  const ms = base * (0.8 + Math.random() * 0.4);
  // unref: a pending reconnect must not keep a shutting-down process alive.
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
};

/** The HTTP-like status code Baileys puts on a disconnect error (a Boom), if any. */
export function disconnectCode(error: unknown): number | undefined {
  const output = (error as { output?: { statusCode?: unknown } } | undefined)?.output;
  return typeof output?.statusCode === "number" ? output.statusCode : undefined;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Rejects when `promise` has not settled within `ms` (the timer does not hold the process). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
