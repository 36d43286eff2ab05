/**
 * Waits until `check` holds, re-checking every few milliseconds (for state changed by work the
 * test started but cannot await, such as a driver launched from a timer); fails after `timeoutMs`.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, what = "condition", timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
