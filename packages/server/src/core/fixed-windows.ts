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

/** Failed attempts of one subject from one address, counted three ways in their windows. */
export interface FailureCounts {
  /** From the address, whatever the subject (one address trying many). */
  fromIp: number;
  /** For the subject from the address. */
  subjectFromIp: number;
  /** For the subject from anywhere (many addresses trying one). */
  subject: number;
}

/**
 * Failures of a subject (an account's email, a connection) counted per address, per subject
 * from that address and per subject, the shape of every attempt throttle (sign-in, API-channel
 * tokens); each throttle sets its own limits on them. A success clears only the subject's count
 * from that address.
 */
export class FailureWindows {
  private readonly windows: FixedWindows;

  constructor(windowMs: number, now: () => number = Date.now) {
    this.windows = new FixedWindows(windowMs, now);
  }

  counts(ip: string, subject: string): FailureCounts {
    const [ipKey, pairKey, subjectKey] = this.keys(ip, subject);
    return { fromIp: this.windows.peek(ipKey), subjectFromIp: this.windows.peek(pairKey), subject: this.windows.peek(subjectKey) };
  }

  recordFailure(ip: string, subject: string): void {
    for (const key of this.keys(ip, subject)) this.windows.hit(key);
  }

  recordSuccess(ip: string, subject: string): void {
    this.windows.clear(this.keys(ip, subject)[1]);
  }

  private keys(ip: string, subject: string): [string, string, string] {
    return [`ip:${ip}`, `pair:${subject}:${ip}`, `subject:${subject}`];
  }
}
