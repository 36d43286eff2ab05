/**
 * How long the browser's push service may take to subscribe. Chromium's PushManager.subscribe()
 * never settles when its push service cannot be reached (a network that blocks it, no Google
 * services), which left the profile's switch spinning for good (issue 28). Subscribing takes
 * about a second where the service answers.
 */
export const subscribeTimeoutMs = 15_000;

/** The push service did not answer in time: this device cannot be notified for now. */
export class PushServiceUnreachable extends Error {
  constructor() {
    super("The browser's push service did not answer.");
    this.name = "PushServiceUnreachable";
  }
}

/**
 * `manager.subscribe(options)`, given up after `timeoutMs` with PushServiceUnreachable. A
 * subscription that still arrives afterwards is undone: the server never heard of it, so the
 * browser would hold a subscription nobody uses, and the switch would read it as half on.
 */
export async function subscribeWithin(
  manager: Pick<PushManager, "subscribe">,
  options: PushSubscriptionOptionsInit,
  timeoutMs = subscribeTimeoutMs,
): Promise<PushSubscription> {
  const attempt = manager.subscribe(options);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushServiceUnreachable()), timeoutMs);
  });
  try {
    return await Promise.race([attempt, timeout]);
  } catch (error) {
    if (error instanceof PushServiceUnreachable) {
      attempt.then(
        (late) => void late.unsubscribe().catch(() => false),
        () => undefined,
      );
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
