import { afterEach, describe, expect, it, vi } from "vitest";
import { PushServiceUnreachable, subscribeWithin } from "./push-subscribe";

/** A PushManager whose subscribe() settles only when the test says so. */
function pushManager() {
  let settle: (subscription: PushSubscription) => void = () => undefined;
  const subscribe = vi.fn(() => new Promise<PushSubscription>((resolve) => (settle = resolve)));
  return { manager: { subscribe }, settle: (subscription: PushSubscription) => settle(subscription) };
}

const subscription = () => ({ endpoint: "https://push.example/1", unsubscribe: vi.fn(() => Promise.resolve(true)) }) as unknown as PushSubscription;

afterEach(() => void vi.useRealTimers());

describe("subscribeWithin (issue 28: a push service that never answers)", () => {
  it("gives up after the timeout with PushServiceUnreachable", async () => {
    vi.useFakeTimers();
    const { manager } = pushManager();
    const attempt = subscribeWithin(manager, { userVisibleOnly: true }, 15_000);
    const outcome = expect(attempt).rejects.toBeInstanceOf(PushServiceUnreachable);
    await vi.advanceTimersByTimeAsync(15_000);
    await outcome;
  });

  it("undoes a subscription that arrives after it gave up", async () => {
    vi.useFakeTimers();
    const { manager, settle } = pushManager();
    const attempt = subscribeWithin(manager, { userVisibleOnly: true }, 1_000).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await attempt).toBeInstanceOf(PushServiceUnreachable);
    const late = subscription();
    settle(late);
    await vi.waitFor(() => expect(late.unsubscribe).toHaveBeenCalledOnce());
  });

  it("returns the subscription when the service answers in time, and keeps it", async () => {
    const { manager, settle } = pushManager();
    const attempt = subscribeWithin(manager, { userVisibleOnly: true }, 1_000);
    const made = subscription();
    settle(made);
    expect(await attempt).toBe(made);
    expect(made.unsubscribe).not.toHaveBeenCalled();
  });
});
