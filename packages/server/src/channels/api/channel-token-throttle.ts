import { AppError } from "../../core/app-error.js";
import { FailureWindows } from "../../core/fixed-windows.js";

export interface ChannelTokenLimits {
  /** Wrong tokens from one address, whatever the connection (guessing across connections). */
  failuresPerIp: number;
  /** Wrong tokens for one connection from one address. */
  failuresPerConnectionIp: number;
  /**
   * Wrong tokens for one connection from anywhere: past it, every address that has already
   * failed on this connection is refused (guessing from many addresses), while an address
   * without failures — the integrator with the right token — still gets through.
   */
  failuresPerConnection: number;
  windowMs: number;
}

export const defaultChannelTokenLimits: ChannelTokenLimits = {
  failuresPerIp: 50,
  failuresPerConnectionIp: 20,
  failuresPerConnection: 200,
  windowMs: 15 * 60_000,
};

/**
 * Rate limit of API-channel token guesses, per connection and per address, shaped like the
 * sign-in throttle (login-throttle.ts, same fixed windows per process). Only wrong tokens count
 * and only wrong tokens are refused (429 ERR_TOO_MANY_REQUESTS instead of 401 until the window
 * ends): a gateway posting thousands of messages a minute with its right token is never slowed,
 * nor stopped by a guesser sharing its address (every caller behind a proxy without TRUST_PROXY).
 * A 256-bit token is not found by guessing; the limit keeps guessers from costing more than that.
 */
export class ChannelTokenThrottle {
  private readonly failures: FailureWindows;

  constructor(
    private readonly limits: ChannelTokenLimits = defaultChannelTokenLimits,
    now: () => number = Date.now,
  ) {
    this.failures = new FailureWindows(limits.windowMs, now);
  }

  /** Call on a wrong token, before recording it; throws ERR_TOO_MANY_REQUESTS when over a limit. */
  check(ip: string, connectionId: number): void {
    const failed = this.failures.counts(ip, String(connectionId));
    if (
      failed.fromIp >= this.limits.failuresPerIp ||
      failed.subjectFromIp >= this.limits.failuresPerConnectionIp ||
      (failed.subjectFromIp > 0 && failed.subject >= this.limits.failuresPerConnection)
    ) {
      throw new AppError("ERR_TOO_MANY_REQUESTS");
    }
  }

  recordFailure(ip: string, connectionId: number): void {
    this.failures.recordFailure(ip, String(connectionId));
  }

  recordSuccess(ip: string, connectionId: number): void {
    this.failures.recordSuccess(ip, String(connectionId));
  }
}
