/**
 * Runs `call` now, or once more right after the call in flight: a burst of messages costs at most
 * two requests, and the last one sees every message of the burst.
 */
export function singleFlight(call: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void call()
      .catch(() => undefined) // a failed mark keeps the count: nothing to tell the user
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}
