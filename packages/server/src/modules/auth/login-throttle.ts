import type { LoginAttempts } from "../../context-types.js";
import { AppError } from "../../core/app-error.js";
import { FailureWindows, FixedWindows } from "../../core/fixed-windows.js";

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
  private readonly attempts: FixedWindows;
  private readonly failures: FailureWindows;

  constructor(
    private readonly limits: LoginLimits = defaultLoginLimits,
    now: () => number = Date.now,
  ) {
    this.attempts = new FixedWindows(limits.windowMs, now);
    this.failures = new FailureWindows(limits.windowMs, now);
  }

  /** Call before checking credentials; throws ERR_TOO_MANY_LOGIN_ATTEMPTS when over a limit. */
  check(ip: string, email: string): void {
    const attempts = this.attempts.hit(ip);
    const failed = this.failures.counts(ip, email);
    if (
      attempts > this.limits.attemptsPerIp ||
      failed.fromIp >= this.limits.failuresPerIp ||
      failed.subjectFromIp >= this.limits.failuresPerEmailIp ||
      failed.subject >= this.limits.failuresPerEmail
    ) {
      throw new AppError("ERR_TOO_MANY_LOGIN_ATTEMPTS");
    }
  }

  recordFailure(ip: string, email: string): void {
    this.failures.recordFailure(ip, email);
  }

  recordSuccess(ip: string, email: string): void {
    this.failures.recordSuccess(ip, email);
  }
}
