import type { LoginAttempts } from "../../context-types.js";
import { AppError } from "../../core/app-error.js";
import { FixedWindows } from "../../core/fixed-windows.js";

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
export class LoginThrottle implements LoginAttempts {
  private readonly windows: FixedWindows;

  constructor(
    private readonly limits: LoginLimits = defaultLoginLimits,
    now: () => number = Date.now,
  ) {
    this.windows = new FixedWindows(limits.windowMs, now);
  }

  /** Call before checking credentials; throws ERR_TOO_MANY_LOGIN_ATTEMPTS when over a limit. */
  check(ip: string, email: string): void {
    const attempts = this.windows.hit(`ip:${ip}`);
    if (
      attempts > this.limits.attemptsPerIp ||
      this.windows.peek(`fail-ip:${ip}`) >= this.limits.failuresPerIp ||
      this.windows.peek(`fail:${email}:${ip}`) >= this.limits.failuresPerEmailIp ||
      this.windows.peek(`fail-email:${email}`) >= this.limits.failuresPerEmail
    ) {
      throw new AppError("ERR_TOO_MANY_LOGIN_ATTEMPTS");
    }
  }

  recordFailure(ip: string, email: string): void {
    for (const key of [`fail-ip:${ip}`, `fail:${email}:${ip}`, `fail-email:${email}`]) this.windows.hit(key);
  }

  recordSuccess(ip: string, email: string): void {
    this.windows.clear(`fail:${email}:${ip}`);
  }
}
