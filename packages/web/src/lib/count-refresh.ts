/**
 * Runs `run` once a burst of calls to `schedule` has settled (`waitMs` after the last one), and
 * at least every `maxWaitMs` while a burst goes on, so counts stay fresh without one request per
 * event (spec §4: counts refresh without storms).
 */
export function createCoalescer(run: () => void, waitMs: number, maxWaitMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstAt: number | null = null;

  function fire(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    firstAt = null;
    run();
  }

  return {
    schedule(now: number = Date.now()): void {
      firstAt ??= now;
      if (timer !== null) clearTimeout(timer);
      const remaining = Math.max(0, Math.min(waitMs, firstAt + maxWaitMs - now));
      timer = setTimeout(fire, remaining);
    },
    cancel(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      firstAt = null;
    },
  };
}
