import { AppError } from "../../http/app-error.js";

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters for login attempts, kept per process. Two keys: every attempt per IP
 * (stops one client hammering), and failures per email+IP (stops guessing one account without
 * letting a stranger lock its owner out from elsewhere).
 */
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits = { perIp: 30, perEmailIp: 5, windowMs: 15 * 60_000 },
    private readonly now: () => number = Date.now,
  ) {}

  /** Call before checking credentials; throws ERR_TOO_MANY_LOGIN_ATTEMPTS when over a limit. */
  check(ip: string, email: string): void {
    const ipWindow = this.hit(`ip:${ip}`);
    const failures = this.peek(`fail:${email}:${ip}`);
    if (ipWindow.count > this.limits.perIp || failures >= this.limits.perEmailIp) {
      throw new AppError("ERR_TOO_MANY_LOGIN_ATTEMPTS");
    }
  }

  recordFailure(ip: string, email: string): void {
    this.hit(`fail:${email}:${ip}`);
  }

  recordSuccess(ip: string, email: string): void {
    this.windows.delete(`fail:${email}:${ip}`);
  }

  private peek(key: string): number {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  private hit(key: string): Window {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.limits.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    window.count++;
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
