import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The requests people are waiting on right now (every `/api` call in flight on this instance), so
 * that background work which can wait — a campaign's next message — lets them go first: on a
 * small machine the database and the CPU are shared, and a reply should not queue behind a
 * campaign's writes (issue 31: attendants' reply times unchanged while a campaign runs).
 * Yielding is bounded (`whenQuiet(maxWaitMs)`): a busy API slows a campaign, never stops it.
 */
export class ForegroundWork {
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  /** A request began; call the returned function once when it ends (answered, failed or aborted). */
  begin(): () => void {
    this.inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  /** Requests in flight now. */
  get busy(): number {
    return this.inFlight;
  }

  /** Background work waiting for quiet now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Resolves when no request is in flight, or after `maxWaitMs` whatever the traffic. */
  whenQuiet(maxWaitMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxWaitMs);
      const waiters = this.waiters;
      function done() {
        clearTimeout(timer);
        const at = waiters.indexOf(done);
        if (at >= 0) waiters.splice(at, 1);
        resolve();
      }
      waiters.push(done);
    });
  }
}

/** Counts every `/api` request as foreground work from its start until it is answered or aborted. */
export function countForegroundWork(app: FastifyInstance, work: ForegroundWork): void {
  const ends = new WeakMap<FastifyRequest, () => void>();
  const end = async (request: FastifyRequest) => ends.get(request)?.();
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/api/")) ends.set(request, work.begin());
  });
  app.addHook("onResponse", end);
  app.addHook("onRequestAbort", end);
}
