interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counters that reset after a fixed window, by key, kept per process (decision 0002): the shape
 * of every attempt throttle (sign-in, API-channel tokens). Expired windows are swept once the
 * map grows large, so a stream of one-off keys cannot grow it without bound.
 */
export class FixedWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The count of a key in its current window (0 when none). */
  peek(key: string): number {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  /** Counts one more for a key; returns the new count. */
  hit(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    return ++window.count;
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
