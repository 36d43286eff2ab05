import { AppError } from "../../core/app-error.js";

interface Window {
  count: number;
  resetAt: number;
}

export interface LoginLimits {
  /** Every attempt from one address: stops hammering, high enough for an office behind one NAT. */
  attemptsPerIp: number;
  /** Failed attempts from one address, whatever the email (password spraying). */
  failuresPerIp: number;
  /** Failed attempts for one email from one address (guessing one account). */
  failuresPerEmailIp: number;
  /** Failed attempts for one email from anywhere (guessing one account from many addresses). */
  failuresPerEmail: number;
  windowMs: number;
}

export const defaultLoginLimits: LoginLimits = {
  attemptsPerIp: 300,
  failuresPerIp: 30,
  failuresPerEmailIp: 5,
  failuresPerEmail: 20,
  windowMs: 15 * 60_000,
};

/**
 * Fixed-window counters for login attempts, kept per process (decision 0002). Failures count, not
 * successes, so fifty attendants signing in from one office address are never refused; the
 * per-email limit across addresses is four times the per-address one, so a stranger needs many
 * addresses to lock an account's owner out for a window, and each of them is stopped after 5.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: LoginLimits = defaultLoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Call before checking credentials; throws ERR_TOO_MANY_LOGIN_ATTEMPTS when over a limit. */
  check(ip: string, email: string): void {
    const attempts = this.hit(`ip:${ip}`).count;
    if (
      attempts > this.limits.attemptsPerIp ||
      this.peek(`fail-ip:${ip}`) >= this.limits.failuresPerIp ||
      this.peek(`fail:${email}:${ip}`) >= this.limits.failuresPerEmailIp ||
      this.peek(`fail-email:${email}`) >= this.limits.failuresPerEmail
    ) {
      throw new AppError("ERR_TOO_MANY_LOGIN_ATTEMPTS");
    }
  }

  recordFailure(ip: string, email: string): void {
    for (const key of [`fail-ip:${ip}`, `fail:${email}:${ip}`, `fail-email:${email}`]) this.hit(key);
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
