/**
 * Counts a visitor's (or an address's) calls in fixed windows and refuses past the limit: the
 * widget's public routes are open to the whole internet. Per instance (like the sign-in
 * throttle): with several instances behind a balancer the limits are per instance.
 */
export class WindowThrottle {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call of `key`; false once `key` went past its limit in this window. */
  take(key: string): boolean {
    const now = this.now();
    const entry = this.counts.get(key);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.counts.size > 50_000) this.sweep(now);
      this.counts.set(key, { windowStart: now, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.counts) if (now - entry.windowStart >= this.windowMs) this.counts.delete(key);
  }
}
